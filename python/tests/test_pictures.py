"""Pictures of states: SVG documents for every view, RGB arrays, and the PettingZoo renders."""

from __future__ import annotations

import json
import math
import random
import re
import warnings
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import recess

GAMES = recess.game_names()
SVG = "{http://www.w3.org/2000/svg}"


def states_of_a_game(name: str, seed: int, points: int = 4) -> list[recess.State]:
    """Copies of the states of one random game of `name`: the first, the last and a few
    between."""
    rng = random.Random(seed)
    state = recess.load_game(name).new_initial_state(seed)
    seen = [state.clone()]
    while not state.is_terminal():
        if state.is_simultaneous_node():
            state.apply_actions(
                [rng.choice(state.legal_actions(p)) for p in range(state.num_players())]
            )
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        seen.append(state.clone())
    step = max(1, len(seen) // points)
    return seen[::step] + [seen[-1]]


def view_box(svg: str) -> tuple[float, float]:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    x, y, width, height = map(float, root.get("viewBox").split())
    assert (x, y) == (0.0, 0.0) and width > 0 and height > 0
    return width, height


def colours(image: np.ndarray) -> int:
    rgb = image.reshape(-1, 3).astype(np.uint32)
    return len(np.unique(rgb[:, 0] << 16 | rgb[:, 1] << 8 | rgb[:, 2]))


@pytest.mark.parametrize("name", GAMES)
def test_every_view_of_every_state_is_an_svg_document(name):
    for state in states_of_a_game(name, seed=5):
        full = state._repr_svg_()
        assert full == state.to_svg()
        view_box(full)
        for player in range(state.num_players()):
            view_box(state.to_svg(player))


def face_up_cards(svg: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', svg))


def card_names(text: str) -> set[str]:
    """Cards as the state's JSON writes them (`10♦`, `BJ`), as the drawings name them (`Td`)."""
    suits = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
    names = set()
    for card in text.split():
        if card in ("BJ", "RJ"):
            names.add(card)
        else:
            rank = card[:-1]
            names.add(("T" if rank == "10" else rank) + suits[card[-1]])
    return names


@pytest.mark.skipif("big-two" not in GAMES, reason="Big Two is not built in")
def test_a_big_two_seat_sees_its_own_hand_and_only_backs_of_the_others():
    for seed in (1, 2):
        for state in states_of_a_game("big-two", seed):
            if state.is_terminal():
                continue
            hands = [card_names(hand) for hand in json.loads(state.serialize())["hands"]]
            full = state.to_svg()
            assert set().union(*hands) <= face_up_cards(full)
            assert 'class="card back"' not in full
            for seat, hand in enumerate(hands):
                picture = state.to_svg(seat)
                seen = face_up_cards(picture)
                assert hand <= seen
                others = set().union(*(h for s, h in enumerate(hands) if s != seat))
                assert not seen & others, f"seat {seat} sees {sorted(seen & others)}"
                backs = picture.count('class="card back"')
                assert backs == sum(len(h) for s, h in enumerate(hands) if s != seat)


@pytest.mark.parametrize("name", GAMES)
def test_rgb_arrays_are_the_drawing_at_its_size(name):
    for state in states_of_a_game(name, seed=3, points=2):
        width, height = view_box(state.to_svg())
        image = state.to_rgb_array()
        assert image.dtype == np.uint8
        assert image.shape == (round(height), math.ceil(width), 3)
        assert image.flags["C_CONTIGUOUS"]
        assert colours(image) >= 8, "a blank or flat picture"
        assert np.array_equal(image, state.clone().to_rgb_array())
        small = state.to_rgb_array(0, width=200)
        assert small.shape == (round(height * 200 / width), 200, 3)
        assert colours(small) >= 8


@pytest.mark.skipif("big-two" not in GAMES, reason="Big Two is not built in")
def test_a_seat_view_is_another_picture_than_the_whole_table():
    state = recess.load_game("big-two").new_initial_state(4)
    full, seat = state.to_rgb_array(), state.to_rgb_array(2)
    assert full.shape == seat.shape
    assert not np.array_equal(full, seat)
    assert np.array_equal(seat, state.to_rgb_array(player=2))


@pytest.mark.parametrize("name", GAMES)
def test_a_bad_player_or_width_is_a_value_error(name):
    state = recess.load_game(name).new_initial_state(0)
    players = state.num_players()
    for player in (-1, players, 10**30):
        with pytest.raises((ValueError, OverflowError)):
            state.to_svg(player)
        with pytest.raises((ValueError, OverflowError)):
            state.to_rgb_array(player)
    for width in (0, -3, 10**6):
        with pytest.raises(ValueError, match="width"):
            state.to_rgb_array(None, width)
    with pytest.raises(ValueError, match=f"no player {players}"):
        state.to_rgb_array(players)
