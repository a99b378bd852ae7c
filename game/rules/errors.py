"""Errors the engine raises: each carries one line a player or script can act on."""

from __future__ import annotations


class RulesError(ValueError):
    """Base class for everything the rules package refuses."""


class RuleSetError(RulesError):
    """A preset or house-rules file that is malformed: names the source and the field."""

    def __init__(self, source: str, field: str, message: str) -> None:
        self.source = source
        self.field = field
        self.detail = message
        super().__init__(f"{source}: field '{field}': {message}")


class IllegalActionError(RulesError):
    """An action the rules do not allow now; ``rule`` is the rule that forbids it, in the
    preset's own words where it has them."""

    def __init__(self, rule: str, detail: str = "") -> None:
        self.rule = rule
        self.detail = detail
        super().__init__(f"{detail}: {rule}" if detail else rule)
