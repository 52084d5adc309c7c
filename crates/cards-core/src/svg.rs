//! Cards drawn in SVG (feature `svg`), for every card game's pictures: faces with their suits
//! as shapes (paths, not font glyphs, so they look the same on every machine), backs, piles
//! and card names inline in text.
//!
//! Sizes are given as a card's width in `viewBox` units; a card is [`CARD_RATIO`] times as tall
//! as it is wide. Red suits are drawn in vermillion and black ones in ink, which stay apart for
//! colour-blind readers and in grey print; the suit's shape tells them apart anyway.
//!
//! ```
//! use cards_core::svg::{card_height, draw_back, draw_card};
//! use cards_core::Card;
//! use game_core::svg::Svg;
//!
//! let mut svg = Svg::new(120.0, card_height(50.0) + 20.0, "Two cards");
//! draw_card(&mut svg, "10h".parse::<Card>()?, 10.0, 10.0, 50.0);
//! draw_back(&mut svg, 65.0, 10.0, 50.0);
//! let doc = svg.finish();
//! assert!(doc.contains(r#"data-card="Th""#)); // the face says which card it is
//! assert_eq!(doc.matches(r#"class="card back""#).count(), 1); // the back does not
//! # Ok::<(), cards_core::CardError>(())
//! ```

use game_core::svg::{Num, Svg, palette};

use crate::{Card, Suit};

/// A card's height over its width (a poker card is 2.5 × 3.5 inches).
pub const CARD_RATIO: f64 = 1.4;

/// The height of a card `width` units wide.
pub fn card_height(width: f64) -> f64 {
    width * CARD_RATIO
}

/// The outline of each suit in a 100 × 100 box, drawn once per document as a symbol.
const SUIT_PATHS: [(&str, &str); 4] = [
    (
        "recess-suit-c",
        "M50 6a20 20 0 1 1 0 40a20 20 0 1 1 0-40Z M27 38a20 20 0 1 1 0 40a20 20 0 1 1 0-40Z \
         M73 38a20 20 0 1 1 0 40a20 20 0 1 1 0-40Z M50 40L64 56L50 66L36 56Z \
         M53 60C53 78 58 88 68 96L32 96C42 88 47 78 47 60Z",
    ),
    (
        "recess-suit-d",
        "M50 4C60 22 72 36 88 50C72 64 60 78 50 96C40 78 28 64 12 50C28 36 40 22 50 4Z",
    ),
    (
        "recess-suit-h",
        "M50 90C38 78 6 58 6 32C6 16 18 6 31 6C40 6 47 12 50 20C53 12 60 6 69 6C82 6 94 16 94 \
         32C94 58 62 78 50 90Z",
    ),
    (
        "recess-suit-s",
        "M50 4C60 22 94 38 94 62C94 76 84 84 73 84C64 84 57 79 54 72C55 82 59 90 66 96L34 96C41 \
         90 45 82 46 72C43 79 36 84 27 84C16 84 6 76 6 62C6 38 40 22 50 4Z",
    ),
];

/// The jokers' star, in the same 100 × 100 box.
const STAR: (&str, &str) = (
    "recess-star",
    "M50 5L61.2 37.6L95.7 38.2L68.1 58.9L78.2 91.8L50 72L21.8 91.8L31.9 58.9L4.3 38.2L38.8 \
     37.6Z",
);

/// Writes the symbols and the back's pattern once per document.
fn define(svg: &mut Svg) {
    if !svg.first_time("cards-core/defs") {
        return;
    }
    svg.el("defs").open();
    for (id, d) in SUIT_PATHS.iter().chain([&STAR]) {
        svg.el("symbol")
            .attr("id", id)
            .attr("viewBox", "0 0 100 100")
            .open();
        svg.path(d);
        svg.close();
    }
    svg.el("pattern")
        .attr("id", "recess-back")
        .attr("width", 6)
        .attr("height", 6)
        .attr("patternUnits", "userSpaceOnUse")
        .attr("patternTransform", "rotate(45)")
        .open();
    svg.rect(0.0, 0.0, 6.0, 6.0).attr("fill", palette::BLUE);
    svg.rect(0.0, 0.0, 2.0, 6.0).attr("fill", palette::SKY);
    svg.close();
    svg.close();
}

/// The colour a card is printed in: vermillion for ♦ ♥ and the red joker, ink for the rest.
pub fn card_colour(card: Card) -> &'static str {
    if card.is_red() {
        palette::RED
    } else {
        palette::INK
    }
}

/// The colour of a suit: vermillion for ♦ ♥, ink for ♣ ♠.
pub fn suit_colour(suit: Suit) -> &'static str {
    if suit.is_red() {
        palette::RED
    } else {
        palette::INK
    }
}

/// Draws `suit`'s shape in the square of side `size` whose top-left corner is (`x`, `y`).
pub fn draw_suit(svg: &mut Svg, suit: Suit, x: f64, y: f64, size: f64) {
    define(svg);
    let (id, _) = SUIT_PATHS[usize::from(suit.index())];
    svg.el("use")
        .attr("href", format_args!("#{id}"))
        .num("x", x)
        .num("y", y)
        .num("width", size)
        .num("height", size)
        .attr("fill", suit_colour(suit));
}

/// The symbol of `card`'s suit, or the star of a joker.
fn symbol(card: Card) -> &'static str {
    match card.suit() {
        Some(suit) => SUIT_PATHS[usize::from(suit.index())].0,
        None => STAR.0,
    }
}

/// Draws `card`'s mark (suit shape or joker's star) in the square of side `size` at (`x`, `y`).
fn draw_mark(svg: &mut Svg, card: Card, x: f64, y: f64, size: f64) {
    define(svg);
    svg.el("use")
        .attr("href", format_args!("#{}", symbol(card)))
        .num("x", x)
        .num("y", y)
        .num("width", size)
        .num("height", size)
        .attr("fill", card_colour(card));
}

/// The corner index of a card: its rank (`10`, `Q`) or, for a joker, `BJ` or `RJ`.
fn index_text(card: Card) -> &'static str {
    match card.rank() {
        Some(rank) => rank.name(),
        None if card.is_red() => "RJ",
        None => "BJ",
    }
}

/// Draws `card` face up with its top-left corner at (`x`, `y`), `width` units wide: the rank and
/// a small suit in the top-left corner (what shows when cards overlap in a fan) and a large suit
/// in the middle. The group carries `class="card"` and `data-card` with the card's ASCII name
/// (`Th`, `BJ`), for programs and tests that read pictures.
pub fn draw_card(svg: &mut Svg, card: Card, x: f64, y: f64, width: f64) {
    define(svg);
    let w = width.max(1.0);
    let h = card_height(w);
    svg.group(x, y)
        .attr("class", "card")
        .attr("data-card", format_args!("{card:#}"))
        .open();
    svg.rect(0.0, 0.0, w, h)
        .num("rx", w * 0.08)
        .attr("fill", palette::PAPER)
        .attr("stroke", palette::INK)
        .num("stroke-width", w / 50.0);
    let colour = card_colour(card);
    let index = index_text(card);
    let font = if index.len() > 1 { w * 0.26 } else { w * 0.32 };
    svg.text(w * 0.07, w * 0.32)
        .num("font-size", font)
        .attr("font-weight", "bold")
        .attr("fill", colour)
        .content(index);
    draw_mark(svg, card, w * 0.06, w * 0.38, w * 0.26);
    let big = w * 0.5;
    draw_mark(svg, card, (w - big) / 2.0 + w * 0.08, h * 0.5, big);
    svg.close();
}

/// Draws a card face down with its top-left corner at (`x`, `y`), `width` units wide. Every
/// back is the same: nothing on it says which card it is.
pub fn draw_back(svg: &mut Svg, x: f64, y: f64, width: f64) {
    define(svg);
    let w = width.max(1.0);
    let h = card_height(w);
    svg.group(x, y).attr("class", "card back").open();
    svg.rect(0.0, 0.0, w, h)
        .num("rx", w * 0.08)
        .attr("fill", palette::PAPER)
        .attr("stroke", palette::INK)
        .num("stroke-width", w / 50.0);
    let m = w * 0.08;
    svg.rect(m, m, w - 2.0 * m, h - 2.0 * m)
        .num("rx", w * 0.04)
        .attr("fill", "url(#recess-back)");
    svg.close();
}

/// Draws a face-down pile of `count` cards at (`x`, `y`), `width` units wide: a few backs
/// offset to show its depth and the count on a label, or a dashed outline when it is empty.
pub fn draw_pile(svg: &mut Svg, count: usize, x: f64, y: f64, width: f64) {
    let w = width.max(1.0);
    let h = card_height(w);
    if count == 0 {
        svg.rect(x, y, w, h)
            .num("rx", w * 0.08)
            .attr("fill", "none")
            .attr("stroke", palette::FAINT)
            .num("stroke-width", w / 40.0)
            .attr(
                "stroke-dasharray",
                format_args!("{} {}", Num(w / 12.0), Num(w / 20.0)),
            );
        svg.text(x + w / 2.0, y + h / 2.0 + w * 0.1)
            .attr("text-anchor", "middle")
            .num("font-size", w * 0.28)
            .attr("fill", palette::MUTED)
            .content("0");
        return;
    }
    let layers = count.min(4);
    let step = w * 0.04;
    for layer in 0..layers {
        let offset = step * (layers - 1 - layer) as f64;
        draw_back(svg, x + offset, y + offset, w);
    }
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    svg.rect(cx - w * 0.34, cy - w * 0.2, w * 0.68, w * 0.4)
        .num("rx", w * 0.08)
        .attr("fill", palette::PAPER)
        .attr("stroke", palette::INK)
        .num("stroke-width", w / 60.0);
    svg.text(cx, cy + w * 0.11)
        .attr("text-anchor", "middle")
        .num("font-size", w * 0.3)
        .attr("font-weight", "bold")
        .attr("fill", palette::INK)
        .attr("class", "count")
        .content(&count.to_string());
}

/// Writes `card`'s name inline, for text about cards ("last kill 6♣"): the rank (or `BJ`, `RJ`)
/// as text of font size `size` with its baseline at (`x`, `y`), then the suit's shape. Returns
/// the width used, so that more can follow.
pub fn draw_card_name(svg: &mut Svg, card: Card, x: f64, y: f64, size: f64) -> f64 {
    let index = index_text(card);
    // A rough advance of the sans-serif digits and capitals: close enough to place the suit.
    let advance = size * 0.64 * index.chars().count() as f64;
    svg.text(x, y)
        .num("font-size", size)
        .attr("font-weight", "bold")
        .attr("fill", card_colour(card))
        .attr("data-card", format_args!("{card:#}"))
        .content(index);
    let mark = size * 0.8;
    draw_mark(svg, card, x + advance + size * 0.04, y - mark * 0.92, mark);
    advance + size * 0.04 + mark
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rank;

    #[test]
    fn symbols_are_defined_once_and_before_use() {
        let mut svg = Svg::new(200.0, 100.0, "cards");
        for (i, card) in Card::all().take(5).enumerate() {
            draw_card(&mut svg, card, 10.0 * i as f64, 0.0, 40.0);
        }
        draw_pile(&mut svg, 7, 0.0, 0.0, 40.0);
        let doc = svg.finish();
        assert_eq!(doc.matches("<defs>").count(), 1);
        assert!(doc.find("<defs>") < doc.find("<use"));
        assert_eq!(doc.matches("id=\"recess-suit-h\"").count(), 1);
        assert_eq!(doc.matches("class=\"card back\"").count(), 4);
        assert!(doc.contains(">7</text>"));
    }

    #[test]
    fn faces_name_their_card_and_colour_red_suits() {
        let mut svg = Svg::new(100.0, 100.0, "c");
        draw_card(
            &mut svg,
            Card::new(Rank::Queen, Suit::Hearts),
            0.0,
            0.0,
            50.0,
        );
        draw_card(&mut svg, Card::BLACK_JOKER, 0.0, 0.0, 50.0);
        let width = draw_card_name(&mut svg, Card::RED_JOKER, 0.0, 90.0, 10.0);
        let doc = svg.finish();
        assert!(doc.contains("data-card=\"Qh\""));
        assert!(doc.contains(">Q</text>"));
        assert!(doc.contains("href=\"#recess-suit-h\""));
        assert!(doc.contains(">BJ</text>") && doc.contains(">RJ</text>"));
        assert!(doc.contains(&format!("fill=\"{}\"", palette::RED)));
        assert!(width > 10.0);
    }

    #[test]
    fn an_empty_pile_is_an_outline() {
        let mut svg = Svg::new(100.0, 100.0, "p");
        draw_pile(&mut svg, 0, 0.0, 0.0, 50.0);
        let doc = svg.finish();
        assert!(!doc.contains("card back"));
        assert!(doc.contains("stroke-dasharray"));
    }
}
