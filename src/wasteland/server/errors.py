"""One clear error per bad request: an HTTP status, a message, the rule or an error code."""

from __future__ import annotations

from typing import Any

#: The largest request body or WebSocket message the server reads.
MAX_MESSAGE = 64 * 1024


class ApiError(Exception):
    """``rule`` is the rulebook anchor when the rules forbid an action (e.g. "SL §78"),
    otherwise null; ``code`` is a short machine-readable name of the error; ``field``,
    where given, the field or path of the request that is wrong (a refusal no rule makes)."""

    def __init__(self, status: int, code: str, message: str, rule: str | None = None,
                 field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule
        self.field = field

    def to_json(self) -> dict[str, Any]:
        out = {"error": self.message, "rule": self.rule, "code": self.code, "status": self.status}
        if self.field is not None:
            out["field"] = self.field
        return out


def bad_request(message: str, field: str | None = None) -> ApiError:
    """A request of the wrong form: no rule forbids it, so ``field`` names what is wrong."""
    return ApiError(400, "bad_request", message, field=field)
