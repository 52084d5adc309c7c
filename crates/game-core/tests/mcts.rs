//! The generic MCTS agent and UCT on toy perfect-information games whose best moves are known.

mod common;

use common::{Higher, Pick, TakeAway, TakeAwayConfig, ToyError, TreeGame, TreeId, decide, play};
use game_core::{Agent, Decision, Game, GameRng, Player, RandomAgent, Turn};
use game_search::{Mcts, MctsConfig, Policy, Uct};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

fn mcts<G: Game>(iterations: usize, seed: u64) -> Mcts<G> {
    Mcts::with_config(
        MctsConfig {
            iterations,
            ..MctsConfig::default()
        },
        seed,
    )
}

#[test]
fn takes_the_winning_number_of_stones_in_nim() {
    // With 1 to 3 stones per turn, the player to move wins by leaving a multiple of 4.
    for stones in 5..=15u32 {
        if stones % 4 == 0 {
            continue;
        }
        for seed in 0..3 {
            let state = TakeAway::with(stones, 3, 2, 0);
            let action = decide(&mut mcts(5000, seed), &state, 0);
            assert_eq!(action, Pick(stones % 4), "{stones} stones, seed {seed}");
        }
    }
}

#[test]
fn finds_the_winning_move_among_many_in_wide_nim() {
    // 1 to 20 stones per turn from 26: leave 21 by taking 5 (taking more lets the opponent
    // take the rest). Twenty legal actions also exercise the hashed matching of children to
    // actions.
    let state = TakeAway::with(26, 20, 2, 0);
    for seed in 0..3 {
        let action = decide(&mut mcts(10_000, seed), &state, 0);
        assert_eq!(action, Pick(5), "seed {seed}");
    }
}

#[test]
fn takes_an_immediate_win_as_the_second_player_of_three() {
    // Three players: whoever takes the last stone wins. Player 1 with 3 stones takes them all.
    let state = TakeAway::with(3, 3, 3, 1);
    for seed in 0..5 {
        assert_eq!(decide(&mut mcts(500, seed), &state, 1), Pick(3));
    }
}

#[test]
fn avoids_the_trap_and_plays_the_forced_win() {
    let state = TreeGame::new(TreeId::Trap, 0).unwrap();
    for seed in 0..10 {
        let action = decide(&mut mcts(2000, seed), &state, 0);
        assert_eq!(action, Pick(1), "seed {seed}");
    }
}

#[test]
fn each_player_maximises_its_own_return_with_three_players() {
    // Max-n: player 0 must expect players 1 and 2 to play for themselves.
    let state = TreeGame::new(TreeId::Three, 0).unwrap();
    for seed in 0..10 {
        let action = decide(&mut mcts(3000, seed), &state, 0);
        assert_eq!(action, Pick(1), "seed {seed}");
    }
    // Player 1 after branch 1 prefers branch 1 (2 for it, against 1).
    let mut state = TreeGame::new(TreeId::Three, 0).unwrap();
    state.apply(&Pick(1)).unwrap();
    assert_eq!(decide(&mut mcts(2000, 3), &state, 1), Pick(1));
}

#[test]
fn wins_every_game_of_nim_against_random_from_a_winning_start() {
    for game in 0..20u64 {
        let mut agents: Vec<Box<dyn Agent<TakeAway>>> = vec![
            Box::new(mcts(1500, game)),
            Box::new(RandomAgent::new(1000 + game)),
        ];
        let end = play(TakeAway::with(14, 3, 2, 0), &mut agents);
        assert_eq!(end.returns(0), 1.0, "game {game}");
    }
}

#[test]
fn the_same_seed_gives_the_same_game_and_other_seeds_may_differ() {
    let run = |seed: u64| {
        let mut agents: Vec<Box<dyn Agent<TakeAway>>> =
            vec![Box::new(mcts(200, seed)), Box::new(mcts(200, seed + 1))];
        let mut state = TakeAway::with(21, 3, 2, 0);
        let mut moves = Vec::new();
        while let Turn::Player(p) = state.turn() {
            let action = decide(agents[p].as_mut(), &state, p);
            moves.push(action);
            state.apply(&action).unwrap();
        }
        moves
    };
    assert_eq!(run(5), run(5));
    // A losing position (20 stones) is a tie between all moves in the long run; the choices of
    // different seeds differ somewhere.
    let firsts: Vec<Pick> = (0..20)
        .map(|seed| decide(&mut mcts(30, seed), &TakeAway::with(20, 3, 2, 0), 0))
        .collect();
    assert!(firsts.iter().any(|&a| a != firsts[0]), "{firsts:?}");
}

#[test]
fn the_tree_grows_by_at_most_one_node_per_iteration() {
    let state = TakeAway::with(30, 3, 2, 0);
    for iterations in [1, 10, 100, 1000] {
        let mut agent = mcts(iterations, 1);
        decide(&mut agent, &state, 0);
        assert!(agent.tree_size() <= iterations + 1);
        // TakeAway from 30 is deep enough that every iteration adds a node.
        assert_eq!(agent.tree_size(), iterations + 1);
        let visits: u64 = agent.root_statistics().iter().map(|c| c.visits).sum();
        assert_eq!(visits, iterations as u64);
    }
}

#[test]
fn degenerate_budgets_still_give_legal_moves() {
    let state = TakeAway::with(9, 3, 2, 0);
    for iterations in [0, 1, 2] {
        let action = decide(&mut mcts(iterations, 9), &state, 0);
        assert!((1..=3).contains(&action.0));
    }
    // A single legal action is returned without searching.
    let mut agent = mcts(1000, 1);
    assert_eq!(decide(&mut agent, &TakeAway::with(1, 3, 2, 0), 0), Pick(1));
    assert_eq!(agent.tree_size(), 0);
    // Nonsense exploration constants do not panic.
    for exploration in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let mut agent = Mcts::with_config(
            MctsConfig {
                iterations: 100,
                exploration,
                max_rollout_depth: Some(1),
            },
            4,
        );
        let action = decide(&mut agent, &state, 0);
        assert!((1..=3).contains(&action.0));
    }
}

#[test]
fn plays_simultaneous_games_without_panicking_and_picks_the_dominant_number() {
    let state = Higher::new(1, 0).unwrap();
    for seed in 0..5 {
        let mut agent = mcts::<Higher>(600, seed);
        for player in 0..2 {
            let legal = state.legal_actions(player);
            let decision = Decision::new(player, &state, &legal).unwrap();
            assert_eq!(agent.choose(&decision), Pick(2), "seed {seed}");
        }
    }
    // A whole game of three rounds, MCTS against random.
    let mut state = Higher::new(3, 0).unwrap();
    let mut agents: [Box<dyn Agent<Higher>>; 2] =
        [Box::new(mcts(300, 1)), Box::new(RandomAgent::new(2))];
    while state.turn() == Turn::Simultaneous {
        let joint: Vec<Pick> = (0..2)
            .map(|p| {
                let legal = state.legal_actions(p);
                agents[p].choose(&Decision::new(p, &state, &legal).unwrap())
            })
            .collect();
        state.apply_joint(&joint).unwrap();
    }
    assert!(state.returns(0) >= 0.0);
}

#[test]
fn config_serde_and_defaults() {
    let config = MctsConfig::default();
    let json = serde_json::to_string(&config).unwrap();
    assert_eq!(serde_json::from_str::<MctsConfig>(&json).unwrap(), config);
    let partial: MctsConfig = serde_json::from_str(r#"{"iterations": 5}"#).unwrap();
    assert_eq!(partial.iterations, 5);
    assert_eq!(partial.exploration, config.exploration);
    assert!(serde_json::from_str::<MctsConfig>(r#"{"iterationz": 5}"#).is_err());
    let agent = mcts::<TakeAway>(7, 0).with_name("uct");
    assert_eq!(Agent::<TakeAway>::name(&agent), "uct");
    assert_eq!(agent.config().iterations, 7);
    let agent = Uct::<TakeAway>::new(0).with_name("fast");
    assert_eq!(Agent::<TakeAway>::name(&agent), "fast");
}

/// TakeAway's winning move (leave a multiple of `max_take + 1`), or one stone from a lost heap.
struct Perfect;

impl Policy<TakeAway> for Perfect {
    fn act(&mut self, world: &TakeAway, player: Player, _: &mut GameRng) -> Option<Pick> {
        let take = world.stones % (world.max_take + 1);
        (world.turn() == Turn::Player(player)).then_some(Pick(take.max(1)))
    }
}

#[test]
fn a_policy_can_play_the_rollouts() {
    // Seven stones, 1 to 3 a turn: take 3 to leave 4, whether the policy is perfect or random.
    let state = TakeAway::with(7, 3, 2, 0);
    let config = |iterations| MctsConfig {
        iterations,
        ..MctsConfig::default()
    };
    // Perfect rollouts find the winning move with a small budget.
    let mut agent = Mcts::with_config(config(100), 1).with_policy(Perfect);
    assert_eq!(decide(&mut agent, &state, 0), Pick(3));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn always_returns_a_legal_action_and_repeats_itself(
        stones in 1u32..40,
        max_take in 1u32..8,
        players in 2usize..5,
        to_move in 0usize..5,
        iterations in 0usize..200,
        seed in any::<u64>(),
    ) {
        let to_move = to_move % players;
        let state = TakeAway::with(stones, max_take, players, to_move);
        let a = decide(&mut mcts(iterations, seed), &state, to_move);
        let b = decide(&mut mcts(iterations, seed), &state, to_move);
        prop_assert_eq!(a, b);
        prop_assert!(a.0 >= 1 && a.0 <= max_take.min(stones));
    }
}

/// Runs [`Uct`] and its reference, [`Mcts`] with the defaults, with one seed on `state` and
/// compares everything they report.
fn engines_agree<G: Game<Observation = G>>(
    state: &G,
    player: usize,
    config: MctsConfig,
    seed: u64,
) {
    let mut fast = Uct::<G>::with_config(config.clone(), seed);
    let mut reference = Mcts::<G>::with_config(config, seed);
    // Two decisions in a row: the generator carries over from one to the next.
    for _ in 0..2 {
        let a = decide(&mut fast, state, player);
        let b = decide(&mut reference, state, player);
        assert_eq!(a, b, "{state:?}");
        assert_eq!(
            fast.root_statistics(),
            reference.root_statistics(),
            "{state:?}"
        );
        assert_eq!(fast.tree_size(), reference.tree_size());
    }
}

#[test]
fn uct_chooses_as_mcts_on_the_toy_games() {
    for tree in [TreeId::Trap, TreeId::Three] {
        let state = TreeGame::new(tree, 0).unwrap();
        for seed in 0..5 {
            engines_agree(
                &state,
                0,
                MctsConfig {
                    iterations: 300,
                    ..MctsConfig::default()
                },
                seed,
            );
        }
    }
}

#[test]
fn uct_plays_simultaneous_games_without_panicking() {
    let mut state = Higher::new(3, 0).unwrap();
    let mut agents: [Box<dyn Agent<Higher>>; 2] =
        [Box::new(Uct::new(1)), Box::new(RandomAgent::new(2))];
    while state.turn() == Turn::Simultaneous {
        let joint: Vec<Pick> = (0..2)
            .map(|p| {
                let legal = state.legal_actions(p);
                let action = agents[p].choose(&Decision::new(p, &state, &legal).unwrap());
                assert!(legal.contains(&action));
                action
            })
            .collect();
        state.apply_joint(&joint).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn uct_chooses_as_mcts(
        stones in 1u32..30,
        max_take in 1u32..6,
        players in 2usize..5,
        to_move in 0usize..5,
        iterations in 0usize..400,
        exploration in 0.0f64..3.0,
        depth in prop::option::of(0usize..6),
        seed in any::<u64>(),
    ) {
        let to_move = to_move % players;
        let state = TakeAway::with(stones, max_take, players, to_move);
        let config = MctsConfig {
            iterations,
            exploration,
            max_rollout_depth: depth,
        };
        engines_agree(&state, to_move, config, seed);
    }
}

/// TakeAway that also lists a move it then refuses: taking one stone more than allowed. A game
/// should not do this; the search must still not panic, and [`Uct`], whose selection takes a
/// shortcut while no listed move has been refused, must still choose as [`Mcts`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Fickle(TakeAway);

impl Game for Fickle {
    type Config = TakeAwayConfig;
    type Action = Pick;
    type Observation = Fickle;
    type Error = ToyError;
    const NAME: &'static str = "fickle-nim";
    const ZERO_SUM: bool = true;

    fn new(config: TakeAwayConfig, seed: u64) -> Result<Self, ToyError> {
        TakeAway::new(config, seed).map(Fickle)
    }
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn max_game_length(&self) -> usize {
        self.0.max_game_length()
    }
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn legal_actions_into(&self, player: Player, out: &mut Vec<Pick>) {
        self.0.legal_actions_into(player, out);
        if !out.is_empty() {
            out.push(Pick(self.0.max_take + 1));
        }
    }
    fn apply(&mut self, action: &Pick) -> Result<(), ToyError> {
        self.0.apply(action)
    }
    fn returns(&self, player: Player) -> f64 {
        self.0.returns(player)
    }
    fn observation(&self, _player: Player) -> Fickle {
        self.clone()
    }
}

#[test]
fn uct_chooses_as_mcts_when_the_game_refuses_a_listed_move() {
    for (stones, max_take, players) in [(7, 2, 2), (12, 3, 3), (3, 1, 2)] {
        for seed in 0..4 {
            let state = Fickle(TakeAway::with(stones, max_take, players, 0));
            for iterations in [1, 5, 50, 400] {
                let config = MctsConfig {
                    iterations,
                    ..MctsConfig::default()
                };
                engines_agree(&state, 0, config, seed);
            }
        }
    }
}
