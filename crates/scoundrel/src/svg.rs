//! The table drawn in SVG (feature `svg`): health, the Room, the weapon and its kills, the
//! Dungeon as a pile.

use cards_core::svg::{card_height, draw_card, draw_card_name, draw_pile, draw_suit};
use cards_core::{Card, Suit};
use game_core::Game;
use game_core::svg::{Svg, ToSvg, View, palette};

use crate::rules::{MAX_HEALTH, MONSTERS, POTIONS, WEAPONS, value, value_name};
use crate::state::Scoundrel;

/// The picture's size.
const WIDTH: f64 = 660.0;
const HEIGHT: f64 = 370.0;
/// The Room's and the Dungeon's cards.
const CARD: f64 = 64.0;
/// Cards in the weapon's stack and rows of small cards.
const SMALL: f64 = 40.0;
const TINY: f64 = 26.0;

/// A label in grey with its baseline at (`x`, `y`).
fn label(svg: &mut Svg, x: f64, y: f64, text: &str) {
    svg.text(x, y)
        .attr("font-size", 12)
        .attr("fill", palette::MUTED)
        .content(text);
}

/// Health: a heart, the number and a bar of 20.
fn draw_health(svg: &mut Svg, health: i32) {
    draw_suit(svg, Suit::Hearts, 20.0, 10.0, 22.0);
    svg.text(50.0, 28.0)
        .attr("font-size", 17)
        .attr("font-weight", "bold")
        .attr("fill", palette::INK)
        .content(&format!("{health} / {MAX_HEALTH}"));
    let (x, y, unit) = (130.0, 13.0, 9.0);
    svg.rect(x, y, unit * f64::from(MAX_HEALTH), 16.0)
        .attr("rx", 3)
        .attr("fill", palette::PAPER)
        .attr("stroke", palette::MUTED);
    let filled = health.clamp(0, MAX_HEALTH);
    if filled > 0 {
        svg.rect(x, y, unit * f64::from(filled), 16.0)
            .attr("rx", 3)
            .attr("class", "health")
            .attr("fill", palette::GREEN);
    }
    // Ticks every 5 health, so the bar reads without colour too.
    for tick in (5..MAX_HEALTH).step_by(5) {
        let tx = x + unit * f64::from(tick);
        svg.line(tx, y, tx, y + 16.0)
            .attr("stroke", palette::INK)
            .attr("stroke-opacity", 0.35);
    }
}

/// `n` things, singular or plural.
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

impl ToSvg for Scoundrel {
    /// The table: health (a heart, the number and a bar of 20), the Room's four slots (a faced
    /// card leaves a dashed outline), the Dungeon as a face-down pile with its count and what
    /// it holds (monsters, weapons, potions: known by elimination), the discard pile's count,
    /// the weapon with the monsters it slew (the last one outlined, with the biggest monster
    /// it may still fight), and the turn's state or the end and its score.
    ///
    /// A seat's view never shows the Dungeon's order, except its bottom cards that the player
    /// saw an avoid put there, in order; [`View::Everything`] lays the whole Dungeon out, top
    /// first.
    ///
    /// ```
    /// use scoundrel::prelude::*;
    ///
    /// let game = Scoundrel::new(Config::default(), 42)?;
    /// let svg = game.to_svg(View::Seat(0));
    /// assert!(svg.contains(">40</text>")); // the Dungeon's count on its pile
    /// assert_eq!(svg.matches(r#"class="card""#).count(), 4); // the Room
    /// assert_eq!(game.to_svg(View::Everything).matches(r#"class="card""#).count(), 44);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, view: View) -> String {
        let observation = self.observation(0);
        let table = observation.table();
        let everything = view == View::Everything;
        let status = if table.is_over() {
            let score = self.score().unwrap_or(0);
            if table.is_won() {
                format!("through the Dungeon alive: score {score}")
            } else {
                format!("dead: score {score}")
            }
        } else {
            let mut words = format!("{} faced in this Room", table.faced_this_room());
            words.push_str(if table.can_avoid() {
                " · may avoid it"
            } else {
                " · may not avoid it"
            });
            if table.potion_used() {
                words.push_str(" · potion drunk this turn");
            }
            words
        };
        let title = format!("Scoundrel: health {}, {status}", table.health());
        let mut svg = Svg::new(WIDTH, HEIGHT, &title);

        draw_health(&mut svg, table.health());
        svg.text(WIDTH - 20.0, 27.0)
            .attr("text-anchor", "end")
            .attr("font-size", 13)
            .attr(
                "font-weight",
                if table.is_over() { "bold" } else { "normal" },
            )
            .attr("fill", palette::INK)
            .content(&status);

        // The Room.
        svg.rect(10.0, 44.0, 316.0, 136.0)
            .attr("rx", 12)
            .attr("fill", palette::GROUND);
        label(&mut svg, 20.0, 62.0, "Room");
        for (i, slot) in table.room().into_iter().enumerate() {
            let x = 20.0 + 76.0 * i as f64;
            match slot {
                Some(card) => draw_card(&mut svg, card, x, 72.0, CARD),
                None => {
                    svg.rect(x, 72.0, CARD, card_height(CARD))
                        .attr("rx", 5)
                        .attr("class", "empty-slot")
                        .attr("fill", "none")
                        .attr("stroke", palette::FAINT)
                        .attr("stroke-width", 1.5)
                        .attr("stroke-dasharray", "5 3");
                }
            }
        }

        // The Dungeon and the discards.
        let dungeon = observation.dungeon_cards();
        label(&mut svg, 350.0, 62.0, "Dungeon");
        draw_pile(&mut svg, dungeon.len(), 350.0, 72.0, CARD);
        let makeup = [
            count((dungeon & MONSTERS).len(), "monster"),
            count((dungeon & WEAPONS).len(), "weapon"),
            count((dungeon & POTIONS).len(), "potion"),
        ];
        for (i, line) in makeup.iter().enumerate() {
            label(&mut svg, 426.0, 92.0 + 16.0 * i as f64, line);
        }
        label(&mut svg, 560.0, 62.0, "discards");
        draw_pile(&mut svg, table.discards().len(), 560.0, 72.0, CARD);

        // The weapon and its kills.
        label(&mut svg, 20.0, 202.0, "Weapon");
        match table.weapon() {
            None => {
                svg.rect(20.0, 210.0, CARD, card_height(CARD))
                    .attr("rx", 5)
                    .attr("class", "empty-slot")
                    .attr("fill", "none")
                    .attr("stroke", palette::FAINT)
                    .attr("stroke-width", 1.5)
                    .attr("stroke-dasharray", "5 3");
                label(
                    &mut svg,
                    100.0,
                    250.0,
                    "none: monsters are fought barehanded",
                );
            }
            Some(weapon) => {
                draw_card(&mut svg, weapon.card(), 20.0, 210.0, CARD);
                // The kills in the order they must have come in (each at most the one
                // before), the last one on top.
                let mut kills: Vec<Card> = weapon.stack().iter().collect();
                kills.sort_by_key(|&c| (std::cmp::Reverse(value(c)), c.index()));
                if let Some(last) = weapon.last_kill() {
                    kills.retain(|&c| c != last);
                    kills.push(last);
                }
                let mut x = 96.0;
                for (i, &card) in kills.iter().enumerate() {
                    draw_card(&mut svg, card, x, 222.0, SMALL);
                    if i + 1 == kills.len() {
                        svg.rect(x - 2.0, 220.0, SMALL + 4.0, card_height(SMALL) + 4.0)
                            .attr("rx", 5)
                            .attr("class", "last-kill")
                            .attr("fill", "none")
                            .attr("stroke", palette::ORANGE)
                            .attr("stroke-width", 2.5);
                    }
                    x += 18.0;
                }
                let text_x = x + SMALL + 10.0;
                match weapon.last_kill() {
                    None => label(&mut svg, text_x, 250.0, "no kill yet: fights any monster"),
                    Some(last) => {
                        label(&mut svg, text_x, 244.0, "last slain");
                        draw_card_name(&mut svg, last, text_x + 62.0, 244.0, 13.0);
                        let reach = match weapon.limit(table.config().weapon_rule) {
                            ..2 => "fights no monster now".to_string(),
                            limit => format!("fights monsters up to {}", value_name(limit)),
                        };
                        label(&mut svg, text_x, 262.0, &reach);
                    }
                }
            }
        }

        // What the player knows of the Dungeon's order, or all of it.
        let (words, order): (&str, Vec<Card>) = if everything {
            (
                "the Dungeon, top first (hidden from the player)",
                self.dungeon().iter().collect(),
            )
        } else {
            (
                "the Dungeon's bottom, in order: the cards avoided Rooms put there",
                observation.known_bottom().iter().collect(),
            )
        };
        if !order.is_empty() {
            label(&mut svg, 20.0, 318.0, words);
            for (i, &card) in order.iter().enumerate() {
                draw_card(&mut svg, card, 20.0 + 14.0 * i as f64, 324.0, TINY);
            }
        }
        if let Some(last) = table.last_faced() {
            label(&mut svg, 350.0, 202.0, "last faced");
            draw_card_name(&mut svg, last, 420.0, 202.0, 13.0);
        }
        svg.finish()
    }
}
