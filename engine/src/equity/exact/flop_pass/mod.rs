//! The flop report's one pass, for one to three ranged seats (weighted or
//! not) and any number of single hands (a hand against two ranges, two
//! hands against a range, …): every five-card board is swept once (up to the scenario's suit symmetries)
//! and its counts go to the ten flops it holds, instead of sweeping every
//! flop class's 1,081 turn-and-river boards on their own (each five-card
//! board belongs to ten flops; with suit symmetry the pass sweeps about a
//! fourteenth of the boards).
//!
//! For a class representative `F` and a combo `c`, the counts over the
//! boards holding `F` are `V(F, c) = Σ_{B ⊃ F} v(B, c)`. Boards come in
//! orbits under the symmetry group `G`; sweeping one board `B` of each
//! orbit and, for each of its flops `F'` in the class of `F` (`τ F' = F`
//! for one chosen `τ`), adding `|orbit(B)| · v(B, c)` to `W(F, τ c)` gives
//! `|G| · V(F, c) = Σ_{h ∈ Stab(F)} W(F, h c)`: every group element that
//! sends one of `B`'s flops to `F` is `h τ` for some `h` fixing `F`. All of
//! it in integers, so the sums are the very ones the two-range sweep forms
//! on `F`'s own boards, and the report's figures are `calculate`'s to the
//! last bit.
//!
//! Weights: the pass counts with each seat's weights divided by the gcd of
//! its live weights before any flop (`d₀`). On a flop, `calculate` divides
//! by the gcd of the combos the flop leaves (`d_F`, a multiple of `d₀`), so
//! every product of two weights in a class's sums is `r_a · r_b` times
//! its own (`r = d_F / d₀`), and [`ClassSums::rescale`] divides it out
//! exactly. Counters are 32 bits where the largest possible sum fits, else
//! 64.

mod counter;
mod flop_weights;
mod lane_runs;
mod on_flop;
mod one_hand;
mod orbits;
mod pass;
mod pending;
mod run;
mod sums;
mod sweep;

pub(crate) use orbits::orbit_boards;
pub(crate) use run::{applies, flop_pass, line_applies, line_pass, standings_pass};
pub(crate) use sums::{ClassSums, PassSums};

#[cfg(test)]
pub(crate) use on_flop::BASELINE_LANES;
#[cfg(test)]
pub(crate) use one_hand::{ONE_HAND_OFF, PACKED_SWEEPS};
#[cfg(test)]
pub(crate) use pending::BY_HIGHEST_OFF;
#[cfg(test)]
pub(crate) use run::EACH_FLOP_OFF;
