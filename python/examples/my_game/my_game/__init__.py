"""Take-away with recess's Python adapters: importing the package registers the game, so that
``recess.load_game("take-away")``, ``pyspiel.load_game("recess_take_away")`` (after
``import recess.openspiel``), ``recess.gymnasium.RecessEnv("take-away")``,
``recess.pettingzoo.env("take-away")`` and ``rlcard.make("recess-take-away")`` (after
``import recess.rlcard``) all play it."""

import recess

from . import _my_game

recess.register_module(_my_game)
