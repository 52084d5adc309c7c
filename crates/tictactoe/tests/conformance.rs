//! game-core's conformance kit: every check tic-tac-toe's declaration calls for (the game, its
//! stored form, returns, action ids and tensors, information states, the lot as a chance event,
//! the roster and the pictures), under both ways of choosing the first player.

use game_testkit::{Options, check_conformance};
use tictactoe::{Config, TicTacToe};

fn conforms(config: Config, first_seed: u64) {
    let options = Options {
        games: 300,
        first_seed,
        illegal_probes: 6,
        mutations_per_state: 12,
        agent_games: 40,
        ..Options::default()
    };
    let report =
        check_conformance::<TicTacToe>(&config, &options).unwrap_or_else(|v| panic!("{v}"));
    let game = report.get("game").expect("the game's own checks ran");
    assert!(game.longest >= 5 && game.longest <= 9, "{game:?}");
    assert!(game.refusals > 0, "no illegal move was offered");
    let mutations = &report.mutations;
    assert!(
        mutations.refused > 0 && mutations.accepted > 0,
        "{mutations:?}"
    );
    let lot = report.get("explicit chance").expect("the lot was checked");
    let draws = usize::from(config == Config::BY_LOT);
    assert_eq!(lot.longest, draws);
    for check in ["learning", "information state", "roster", "utility range"] {
        assert!(report.get(check).is_some(), "{check} did not run");
    }
}

#[test]
fn x_first_conforms() {
    conforms(Config::X_FIRST, 1);
}

#[test]
fn first_by_lot_conforms() {
    conforms(Config::BY_LOT, 2);
}
