"""Research environments for every registered game: PettingZoo (``wasteland.envs.pettingzoo``),
Gymnasium (``wasteland.envs.gymnasium``) and OpenSpiel (``wasteland.envs.openspiel``).

They are built from the specs only (``GameSpec.actions``: the fixed action space,
``GameSpec.observation``: the observation tensor), so a game gets them without code of its
own outside its package. This package imports core, agents and the registry, never a game
by name. The libraries are the ``rl`` extra.
"""
