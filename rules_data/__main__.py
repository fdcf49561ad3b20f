"""``python -m rules_data check``: validate the rule book and print what is wrong."""

import sys

from rules_data.loader import DATA_DIR, RuleDataError, load


def main(argv: list[str]) -> int:
    if argv[1:] != ["check"]:
        print("usage: python -m rules_data check", file=sys.stderr)
        return 2
    try:
        book = load(DATA_DIR)
    except RuleDataError as exc:
        for problem in exc.problems:
            print(problem)
        print(f"{len(exc.problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"ok: {len(book.rules)} rules, {len(book.house_rules)} house rules, "
          f"{len(book.glossary)} glossary terms")
    return 0


sys.exit(main(sys.argv))
