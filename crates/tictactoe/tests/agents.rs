//! The AIs: `perfect` never loses to anything, `heuristic` follows the original program's rules.

use game_core::derive_seed;
use tictactoe::prelude::*;
use tictactoe::{HeuristicRule, best_moves, heuristic_choice};

fn cells(numbers: &[u8]) -> CellSet {
    numbers.iter().map(|&n| Cell::new(n).unwrap()).collect()
}

fn position(x: &[u8], o: &[u8]) -> TicTacToe {
    TicTacToe::from_marks(Config::default(), Mark::X, cells(x), cells(o)).unwrap()
}

/// Results of every game where `perfect` (as `seat`'s mark) plays any of its best moves and the
/// opponent plays any of `opponent(state)`. Returns (wins, draws, losses) for `perfect`.
fn all_games(
    state: TicTacToe,
    perfect: Mark,
    opponent: &dyn Fn(&TicTacToe) -> CellSet,
    tally: &mut [u64; 3],
) {
    match state.outcome() {
        Some(Outcome::Winner(mark)) if mark == perfect => tally[0] += 1,
        Some(Outcome::Winner(_)) => tally[2] += 1,
        Some(Outcome::Draw) => tally[1] += 1,
        None => {
            let mover = state.to_move().unwrap();
            let moves = if mover == perfect {
                best_moves(&state)
            } else {
                opponent(&state)
            };
            assert!(!moves.is_empty(), "{state:?}");
            for cell in moves {
                let mut next = state;
                next.play(cell).unwrap();
                all_games(next, perfect, opponent, tally);
            }
        }
    }
}

/// Starting positions: X first, and O first (drawn by lot).
fn starts() -> Vec<TicTacToe> {
    let x_first = TicTacToe::default();
    let o_first = (0..)
        .map(|seed| TicTacToe::start(Config::BY_LOT, seed))
        .find(|s| s.first_mover() == Mark::O)
        .unwrap();
    vec![x_first, o_first]
}

#[test]
fn perfect_never_loses_to_any_sequence_of_moves() {
    for start in starts() {
        for perfect in [Mark::X, Mark::O] {
            let mut tally = [0; 3];
            all_games(start, perfect, &|s: &TicTacToe| s.free_cells(), &mut tally);
            assert_eq!(tally[2], 0, "perfect as {perfect}, {start:?}: {tally:?}");
            assert!(tally[0] > 0 && tally[1] > 0, "{tally:?}");
        }
    }
}

#[test]
fn perfect_never_loses_to_heuristic_whatever_either_draws() {
    let heuristic = |s: &TicTacToe| heuristic_choice(s).unwrap().cells;
    let mut total = [0; 3];
    for start in starts() {
        for perfect in [Mark::X, Mark::O] {
            let mut tally = [0; 3];
            all_games(start, perfect, &heuristic, &mut tally);
            assert_eq!(tally[2], 0, "perfect as {perfect}: {tally:?}");
            for (sum, n) in total.iter_mut().zip(tally) {
                *sum += n;
            }
        }
    }
    // Moving first, perfect finds the forks the heuristic walks into.
    assert!(total[0] > 0, "{total:?}");
}

/// Plays a seeded game between two roster agents (an illegal choice is an error); returns the
/// outcome.
fn play_seeded(config: Config, seed: u64, names: [&str; 2]) -> Outcome {
    let mut agents: Vec<Box<dyn Agent<TicTacToe>>> = names
        .iter()
        .enumerate()
        .map(|(i, name)| TicTacToe::agent(name, derive_seed(seed, i as u64)).unwrap())
        .collect();
    let played = play::<TicTacToe, _>(config, seed, &mut agents).unwrap();
    played.state().outcome().unwrap()
}

/// The quick arena check: perfect against heuristic and random, both seats, both configs.
#[test]
fn perfect_loses_no_seeded_game() {
    for opponent in ["heuristic", "random"] {
        let mut wins = 0;
        let mut draws = 0;
        for seed in 0..1000u64 {
            let config = if seed % 2 == 0 {
                Config::X_FIRST
            } else {
                Config::BY_LOT
            };
            for (perfect_seat, names) in [(0, ["perfect", opponent]), (1, [opponent, "perfect"])] {
                match play_seeded(config, seed, names) {
                    Outcome::Winner(mark) if mark.seat() == perfect_seat => wins += 1,
                    Outcome::Draw => draws += 1,
                    Outcome::Winner(_) => panic!("perfect lost to {opponent}, seed {seed}"),
                }
            }
        }
        assert_eq!(wins + draws, 2000);
        assert!(wins > 0, "perfect never beat {opponent}");
        println!("perfect vs {opponent}: 2000 games, {wins} wins, {draws} draws, 0 losses");
    }
}

#[test]
fn perfect_against_itself_always_draws() {
    for seed in 0..200 {
        assert_eq!(
            play_seeded(Config::BY_LOT, seed, ["perfect", "perfect"]),
            Outcome::Draw
        );
    }
}

#[test]
fn agents_choose_from_their_rule_sets_and_use_their_seed() {
    let mut seen_perfect = std::collections::HashSet::new();
    let mut seen_heuristic = std::collections::HashSet::new();
    for seed in 0..200 {
        let empty = TicTacToe::default();
        let p = PerfectAgent::new(seed).choose_move(&empty).unwrap();
        assert!(best_moves(&empty).contains(p));
        seen_perfect.insert(p);
        let h = HeuristicAgent::new(seed).choose_move(&empty).unwrap();
        assert!(Cell::CORNERS.contains(h));
        seen_heuristic.insert(h);
        // Same seed, same choice.
        assert_eq!(PerfectAgent::new(seed).choose_move(&empty), Some(p));
        assert_eq!(HeuristicAgent::new(seed).choose_move(&empty), Some(h));
    }
    assert_eq!(seen_perfect.len(), 9);
    assert_eq!(seen_heuristic.len(), 4);
}

#[test]
fn heuristic_rules_on_hand_positions() {
    let check = |x: &[u8], o: &[u8], rule, expected: &[u8]| {
        let choice = heuristic_choice(&position(x, o)).unwrap();
        assert_eq!(
            (choice.rule, choice.cells),
            (rule, cells(expected)),
            "X {x:?} O {o:?}"
        );
    };
    // X can win at 3 (1 2 3) and at 4 (1 4 7); the scan from 1 finds 3 first.
    check(&[1, 2, 7], &[5, 6, 9], HeuristicRule::Win, &[3]);
    // Winning beats blocking: X wins at 3 although O threatens 4.
    check(&[1, 2], &[5, 6], HeuristicRule::Win, &[3]);
    // No win for X; O threatens 8 (2 5 8).
    check(&[1, 9], &[5, 2], HeuristicRule::Block, &[8]);
    // Nothing to win or block: any free corner.
    check(&[5], &[], HeuristicRule::Corner, &[1, 3, 7, 9]);
    check(&[], &[], HeuristicRule::Corner, &[1, 3, 7, 9]);
    check(&[5, 1], &[9], HeuristicRule::Corner, &[3, 7]);
    // Corners full, no threats: the centre.
    check(&[1, 3, 8], &[7, 9, 2], HeuristicRule::Centre, &[5]);
    // Corners and centre full, no threats: any free edge.
    check(&[1, 3, 8, 5], &[7, 9, 2], HeuristicRule::Edge, &[4, 6]);
}

/// The original program's `computer_move`, ported line by line onto its `pieces` list (index 0
/// unused):
/// returns the one cell it returns, or the `pos` list it draws from.
fn original_computer_move(pieces: &[char; 10], turn: char) -> Vec<usize> {
    let is_winner = |p: &[char; 10], t: char| {
        [
            (7, 8, 9),
            (4, 5, 6),
            (1, 2, 3),
            (7, 4, 1),
            (8, 5, 2),
            (9, 6, 3),
            (7, 5, 3),
            (9, 5, 1),
        ]
        .iter()
        .any(|&(a, b, c)| p[a] == t && p[b] == t && p[c] == t)
    };
    for i in 1..10 {
        let mut copy = *pieces;
        if copy[i] == ' ' {
            copy[i] = turn;
            if is_winner(&copy, turn) {
                return vec![i];
            }
        }
    }
    let player_turn = if turn == 'X' { 'O' } else { 'X' };
    for i in 1..10 {
        let mut copy = *pieces;
        if copy[i] == ' ' {
            copy[i] = player_turn;
            if is_winner(&copy, player_turn) {
                return vec![i];
            }
        }
    }
    let pos: Vec<usize> = [1, 3, 7, 9]
        .into_iter()
        .filter(|&i| pieces[i] == ' ')
        .collect();
    if !pos.is_empty() {
        return pos;
    }
    if pieces[5] == ' ' {
        return vec![5];
    }
    [2, 4, 6, 8]
        .into_iter()
        .filter(|&i| pieces[i] == ' ')
        .collect()
}

#[test]
fn heuristic_is_the_original_computer_move_in_every_position() {
    let mut frontier = starts();
    let mut seen = std::collections::HashSet::new();
    let mut checked = 0;
    while let Some(state) = frontier.pop() {
        if !seen.insert(state) {
            continue;
        }
        let Some(mover) = state.to_move() else {
            continue;
        };
        let mut pieces = [' '; 10];
        for cell in Cell::ALL {
            if let Some(mark) = state.mark_at(cell) {
                pieces[usize::from(cell.number())] = if mark == Mark::X { 'X' } else { 'O' };
            }
        }
        let turn = if mover == Mark::X { 'X' } else { 'O' };
        let expected: Vec<u8> = original_computer_move(&pieces, turn)
            .into_iter()
            .map(|i| i as u8)
            .collect();
        let choice = heuristic_choice(&state).unwrap();
        let got: Vec<u8> = choice.cells.iter().map(Cell::number).collect();
        assert_eq!(got, expected, "{state:?}");
        // The agent's move is one of them, whatever its seed.
        for seed in 0..4 {
            let cell = HeuristicAgent::new(seed).choose_move(&state).unwrap();
            assert!(choice.cells.contains(cell));
        }
        checked += 1;
        for cell in state.free_cells() {
            let mut next = state;
            next.play(cell).unwrap();
            frontier.push(next);
        }
    }
    // Non-terminal positions reachable with X first plus those with O first.
    assert_eq!(checked, 2 * (5_478 - 958));
}

/// What the arena runs (`--lineup perfect,heuristic --games 1000 --seed 1`, and the same with
/// `random`): perfect loses none, from either seat.
#[test]
fn perfect_loses_no_arena_game() {
    use game_arena::{Settings, run};
    for lineup in TicTacToe::standard_lineups() {
        let settings = Settings {
            lineup: lineup.clone(),
            games: 1000,
            seed: 1,
            shard: None,
        };
        let report = run::<TicTacToe>(&Config::default(), &settings).unwrap();
        for result in &report.results {
            println!(
                "{:?}: {} {} games, {} wins, {} draws, {} losses",
                lineup, result.agent, result.games, result.wins, result.draws, result.losses
            );
            assert_eq!(result.games, 1000);
            if result.agent == "perfect" {
                assert_eq!(result.losses, 0, "{report:?}");
                assert!(result.wins > 0, "{report:?}");
            }
        }
    }
}
