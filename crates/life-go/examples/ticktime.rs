//! Scratch timing of the tick (development only): `ticktime N` ticks the default board N times.
use std::hint::black_box;
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000);
    let mut b = life_go::Config::default().starting_board(0).unwrap();
    for _ in 0..n {
        black_box(&mut b).tick();
    }
    println!("{}", b.count(life_go::Colour::Black));
}
