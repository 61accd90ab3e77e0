"""Dry Well: a throwaway third game that lives outside the wasteland package.

The third-game tests (tests/third_game) copy this folder into a temporary directory,
give it a dist-info with a ``wasteland.games`` entry point and put it on the path: it is
then played through every front end without a file of wasteland naming it.
"""
