//! game-core's conformance kit: every check Big Two's declaration calls for (the game, its
//! stored form, returns, action ids and tensors, information states, the deal as chance events,
//! sampled deals and what they hide, the roster and the pictures), in one call.

use big_two_reversal::{BigTwo, Config};
use game_testkit::{Options, check_conformance};

/// AI4 searches up to 500,000 playout steps a decision, slow in a debug build: the roster plays
/// one game; the slow checks run every fourth step.
#[test]
fn big_two_conforms() {
    let options = Options {
        games: 24,
        first_seed: 11,
        illegal_probes: 6,
        deep_check_every: 4,
        mutations_per_state: 8,
        agent_games: 1,
    };
    let report =
        check_conformance::<BigTwo>(&Config::default(), &options).unwrap_or_else(|v| panic!("{v}"));
    let game = report.get("game").expect("the game's own checks ran");
    assert!(game.refusals > 1000, "{game:?}");
    // The stored form is checked so closely (the deal is rebuilt from the hands and the moves
    // are replayed) that nearly every corruption is refused.
    assert!(report.mutations.mutated >= 300, "{:?}", report.mutations);
    let deal = report
        .get("explicit chance")
        .expect("the deal as chance events");
    assert_eq!(deal.longest, 54, "one event per card");
    for check in [
        "sampled worlds",
        "learning (hidden)",
        "information state (hidden)",
        "roster",
    ] {
        assert!(report.get(check).is_some(), "{check} did not run");
    }
}
