"""The words of a game's documented policy (``GameSpec.auto_decide``): each of its rules by
key, with its words in each language, as the game's ``policy_text`` and ``policy_texts``
give them to the log, the terminal and the page."""

from __future__ import annotations


class PolicyWords:
    """``texts``: {key: {lang: words}}, English always among them."""

    def __init__(self, texts: dict[str, dict[str, str]]) -> None:
        self.texts = texts

    def text(self, key: str, lang: str = "en") -> str:
        """The words of one rule of the policy (English when the language is unknown; the
        key itself for a key the policy has not)."""
        words = self.texts.get(key)
        if words is None:
            return key
        return words.get(lang) or words["en"]

    def every(self) -> dict[str, dict[str, str]]:
        """Every key of the policy with its words by language (a copy)."""
        return {key: dict(words) for key, words in self.texts.items()}
