/* Small page-wide actions, kept out of the markup so that the strict CSP holds (no inline
   handlers): a [data-print] button prints the page, a [data-select] field selects its text. */
(function () {
  "use strict";
  document.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    if (target.closest("[data-print]")) window.print();
    const field = target.closest("[data-select]");
    if (field && typeof field.select === "function") field.select();
  });
})();
