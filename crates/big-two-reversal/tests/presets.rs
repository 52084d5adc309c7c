//! Golden facts of each rule set: what tells the presets apart, how rules are stored, and that
//! rules contradicting themselves are refused with a typed error.

use big_two_reversal::prelude::*;
use big_two_reversal::{
    Combination, End, Kind, Preset, RankOrder, RulesError, legal_plays, legal_plays_reference,
};
use cards_core::{Rank, Suit};

const N: RankOrder = RankOrder::Normal;

fn rules(preset: Preset) -> Config {
    Config::preset(preset)
}

fn combo(text: &str, config: &Config) -> Combination {
    Combination::parse(text, config).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Each play beats the one before it, and never the one after.
fn ascending(texts: &[&str], config: &Config) {
    for pair in texts.windows(2) {
        let (low, high) = (combo(pair[0], config), combo(pair[1], config));
        assert!(
            high.beats(&low, config, N),
            "{} should beat {}",
            pair[1],
            pair[0]
        );
        assert!(
            !low.beats(&high, config, N),
            "{} should not beat {}",
            pair[0],
            pair[1]
        );
    }
}

#[test]
fn hong_kong_straights_run_from_a2345_to_10jqka_and_jqka2_is_none() {
    let hk = rules(Preset::HongKong);
    ascending(
        &[
            "Ac 2d 3h 4s 5c",
            "2c 3d 4h 5s 6c",
            "3c 4d 5h 6s 7c",
            "9c 10d Jh Qs Kc",
            "10c Jd Qh Ks Ac",
        ],
        &hk,
    );
    for no_straight in ["Jc Qd Kh As 2c", "Qc Kd Ah 2s 3c", "Kc Ad 2h 3s 4c"] {
        assert!(
            Combination::parse(no_straight, &hk).is_err(),
            "{no_straight}"
        );
    }
    // Equal straights: the suit of the top card decides (♠ > ♥ > ♣ > ♦).
    ascending(&["3s 4s 5h 6h 7d", "3d 4d 5d 6c 7c", "3c 4c 5c 6c 7h"], &hk);
}

#[test]
fn hong_kong_flushes_compare_by_rank_whatever_the_suits() {
    let hk = rules(Preset::HongKong);
    // A J-high flush of spades (the highest suit) loses to a Q-high flush of diamonds (the lowest).
    ascending(&["3s 5s 7s 9s Js", "4d 6d 8d 10d Qd"], &hk);
    // Equal ranks: the suit decides.
    ascending(&["3d 5d 7d 9d Jd", "3s 5s 7s 9s Js"], &hk);
    // Five-card hands in order: straight < flush < full house < four plus one < straight flush.
    ascending(
        &[
            "10c Jd Qh Ks Ac",
            "3d 5d 7d 9d Jd",
            "3c 3d 3h 7c 7d",
            "4c 4d 4h 4s 3c",
            "3d 4d 5d 6d 7d",
        ],
        &hk,
    );
    assert_eq!(combo("3c 3d 3h 7c 7d", &hk).kind(), Kind::FullHouse);
}

#[test]
fn hong_kong_opens_with_three_of_diamonds_and_pays_double_from_ten() {
    let hk = rules(Preset::HongKong);
    assert_eq!(hk.opening, "3d".parse::<Card>().unwrap());
    assert!(hk.pass_shuts_out);
    let mut out = Vec::new();
    let hand: CardSet = "3c 3d 4d 5d 6d 7d 9h".parse().unwrap();
    legal_plays(hand, None, &hk, N, Some(hk.opening), &mut out);
    assert!(out.iter().all(|c| c.cards().contains(hk.opening)));
    // 3♦ alone, 3♣ 3♦, and the straight flush 3-7 of diamonds.
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(hk.end.payment(9), Some(9));
    assert_eq!(hk.end.payment(10), Some(20));
    assert_eq!(hk.end.payment(13), Some(39));
}

#[test]
fn taiwan_23456_is_the_highest_straight_and_four_plus_one_is_a_bomb() {
    let tw = rules(Preset::Taiwan);
    ascending(
        &[
            "Ac 2d 3h 4s 5c",
            "3c 4d 5h 6s 7c",
            "10c Jd Qh Ks Ac",
            "2c 3d 4h 5s 6c",
        ],
        &tw,
    );
    assert!(Combination::parse("Jc Qd Kh As 2c", &tw).is_err());
    let single_two = combo("2s", &tw);
    let four_plus_one = combo("3c 3d 3h 3s 4c", &tw);
    assert!(four_plus_one.beats(&single_two, &tw, N));
    assert!(combo("3d 4d 5d 6d 7d", &tw).beats(&combo("2c 2s", &tw), &tw, N));
    // Without bombs it does not.
    assert!(!four_plus_one.beats(&single_two, &rules(Preset::HongKong), N));
    // Suits: ♠ > ♥ > ♦ > ♣.
    ascending(&["3c", "3d", "3h", "3s"], &tw);
    assert_eq!(tw.opening, "3c".parse::<Card>().unwrap());
}

#[test]
fn pusoy_dos_ranks_diamonds_highest_and_flushes_by_suit() {
    let pd = rules(Preset::PusoyDos);
    ascending(&["3c", "3s", "3h", "3d"], &pd);
    // An 8-high flush of diamonds beats an A-high flush of spades.
    ascending(&["9s Js Qs Ks As", "3d 4d 5d 6d 8d"], &pd);
    ascending(
        &["Ac 2d 3h 4s 5c", "2c 3d 4h 5s 6c", "10c Jd Qh Ks Ac"],
        &pd,
    );
    assert!(Combination::parse("Jc Qd Kh As 2c", &pd).is_err());
}

#[test]
fn pagat_jqka2_is_the_highest_straight_and_ten_cards_pay_twenty() {
    let pg = rules(Preset::Pagat);
    ascending(
        &["3c 4d 5h 6s 7c", "10c Jd Qh Ks Ac", "Jc Qd Kh As 2c"],
        &pg,
    );
    for no_straight in ["Ac 2d 3h 4s 5c", "2c 3d 4h 5s 6c"] {
        assert!(
            Combination::parse(no_straight, &pg).is_err(),
            "{no_straight}"
        );
    }
    assert_eq!(pg.end.payment(10), Some(20));
    assert_eq!(pg.end.payment(9), Some(9));
    assert_eq!(pg.opening, "3d".parse::<Card>().unwrap());
}

#[test]
fn the_default_is_the_reversal_preset_and_stored_as_before() {
    assert_eq!(Config::default(), rules(Preset::Reversal));
    assert_eq!(Config::default().to_string(), "reversal");
    assert_eq!(serde_json::to_string(&Config::default()).unwrap(), "{}");
    let config: Config = serde_json::from_str("{}").unwrap();
    assert_eq!(config, Config::default());
    assert!(Config::default().jokers && Config::default().reversal);
    assert_eq!(Config::default().end, End::AllPlaces);
}

#[test]
fn presets_round_trip_through_their_names_and_records() {
    for preset in Preset::ALL {
        let config = rules(preset);
        config.validate().unwrap();
        assert_eq!(config.preset_name(), Some(preset));
        assert_eq!(config.to_string().parse::<Config>().unwrap(), config);
        assert_eq!(preset.to_string().parse::<Preset>().unwrap(), preset);
        let json = serde_json::to_string(&config).unwrap();
        assert_eq!(
            serde_json::from_str::<Config>(&json).unwrap(),
            config,
            "{json}"
        );
    }
    assert_eq!("Hong Kong".parse::<Preset>().unwrap(), Preset::HongKong);
    assert!(matches!(
        "big-three".parse::<Preset>(),
        Err(RulesError::UnknownPreset(_))
    ));
    // A table's own rules are stored with every field.
    let mut own = rules(Preset::Pagat);
    own.bombs = true;
    let json = serde_json::to_string(&own).unwrap();
    assert!(json.starts_with("{\"custom\":{"), "{json}");
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), own);
    for bad in [
        r#"{"rules":"big-three"}"#,
        r#"{"jokers":false}"#,
        r#"{"rules":"pagat","custom":{}}"#,
    ] {
        assert!(serde_json::from_str::<Config>(bad).is_err(), "{bad}");
    }
}

/// A change to a rule set.
type Change = Box<dyn Fn(&mut Config)>;

#[test]
fn rules_that_contradict_themselves_are_refused() {
    let base = rules(Preset::HongKong);
    let cases: Vec<(&str, Change)> = vec![
        ("five players", Box::new(|c| c.players = 5)),
        ("no singles", Box::new(|c| c.plays.single = false)),
        ("jokers in five-card hands", Box::new(|c| c.jokers = true)),
        (
            "runs and five-card hands",
            Box::new(|c| c.plays.runs = true),
        ),
        (
            "a suit twice",
            Box::new(|c| c.suit_order = Some([Suit::Spades; 4])),
        ),
        (
            "suit-first flushes without suits",
            Box::new(|c| {
                c.suit_order = None;
                c.flushes = big_two_reversal::FlushOrder::SuitFirst;
            }),
        ),
        (
            "a straight twice",
            Box::new(|c| c.straights.push(Rank::Ace)),
        ),
        (
            "bombs without five-card hands",
            Box::new(|c| {
                c.plays.five_card_hands = false;
                c.straights.clear();
                c.bombs = true;
            }),
        ),
        (
            "reversal without fours",
            Box::new(|c| {
                c.plays.five_card_hands = false;
                c.straights.clear();
                c.reversal = true;
            }),
        ),
        (
            "a joker to open",
            Box::new(|c| c.opening = Card::BLACK_JOKER),
        ),
        (
            "steps out of order",
            Box::new(|c| {
                c.end = End::FirstOut {
                    multipliers: vec![(13, 3), (10, 2)],
                };
            }),
        ),
    ];
    for (what, change) in cases {
        let mut config = base.clone();
        change(&mut config);
        assert!(
            matches!(config.validate(), Err(RulesError::Contradiction(_))),
            "{what}"
        );
        // And a game under them is refused with the same typed error.
        assert!(matches!(
            BigTwo::new(config.clone(), 1),
            Err(Error::Rules(RulesError::Contradiction(_)))
        ));
        // Stored, they do not load.
        let json = serde_json::to_string(&config).unwrap();
        assert!(
            serde_json::from_str::<Config>(&json).is_err(),
            "{what}: {json}"
        );
    }
}

#[test]
fn the_table_deals_every_preset_and_refuses_runs_changed() {
    for preset in Preset::ALL {
        assert!(BigTwo::new(rules(preset), 1).is_ok(), "{preset}");
    }
    // Runs and wild jokers are played as 逆轉大老2 exactly.
    let changed = Config {
        pass_shuts_out: true,
        ..Config::default()
    };
    assert!(matches!(
        BigTwo::new(changed, 1),
        Err(Error::Rules(RulesError::NotDealt(_)))
    ));
}

#[test]
fn the_thirteen_card_lead_lists_what_the_reference_lists() {
    let hk = rules(Preset::HongKong);
    let hand: CardSet = "3c 3d 3h 4c 5d 6h 7s 8s 9s Js Qs Ks 2d".parse().unwrap();
    let mut out = Vec::new();
    legal_plays(hand, None, &hk, N, None, &mut out);
    let reference = legal_plays_reference(hand, None, &hk, N, None);
    assert_eq!(out.iter().map(|c| c.cards()).collect::<Vec<_>>(), reference);
    assert!(out.iter().any(|c| c.kind() == Kind::Straight));
    assert!(out.iter().any(|c| c.kind() == Kind::Flush));
}
