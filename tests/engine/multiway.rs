//! Multiway exact counting: the kernels that count three or more ranged
//! seats without listing every deal, against the independent brute force
//! of `equity.rs` and, integer for integer, against the board-major scan
//! that lists every deal.

use engine::equity::internal::{Setup, Tallies, exact_cost, exact_tallies, listing_kernel};
use engine::equity::{BoardKernel, EquityError, Kernel, Method};

use crate::engine::equity::{Spot, brute_force, spot};

/// The multiway kernels under test.
const KERNELS: [BoardKernel; 2] = [BoardKernel::SweptSeat, BoardKernel::ThreeRanges];

fn setup(spot: &Spot, breakdown: bool) -> Setup {
    let mut request = spot.request(Method::Exact);
    request.breakdown = breakdown;
    Setup::new(&request).unwrap_or_else(|e| panic!("{:?} on {}: {e}", spot.seats, spot.board))
}

/// The tallies of the scan that lists every deal.
fn listed(setup: &Setup) -> Tallies {
    let deals = exact_cost(setup).deals.unwrap();
    let kernel = listing_kernel(setup, deals);
    exact_tallies(setup, Kernel::BoardMajor(kernel)).unwrap()
}

/// The kernel's answer, counted in `counted` (per kernel of [`KERNELS`]),
/// or `None` where the three-range kernel does not apply (a spot without
/// exactly three ranged seats, all active).
fn counts<T>(
    result: Result<T, EquityError>,
    kernel: BoardKernel,
    counted: &mut [usize; 2],
) -> Option<T> {
    let which = usize::from(kernel == BoardKernel::ThreeRanges);
    match result {
        Err(EquityError::BadSetting(_)) if kernel == BoardKernel::ThreeRanges => None,
        result => {
            counted[which] += 1;
            Some(result.unwrap())
        }
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12
}

/// Three to five ranged seats with weights, shared combos, dead cards,
/// folded seats (ranged and single), on flops and turns.
fn brute_force_spots() -> Vec<Spot> {
    vec![
        spot(
            &[("QQ+,AKs", false), ("JJ-99,AQs", false), ("TT+,KQs", false)],
            "Kh9s4c",
            "",
        ),
        spot(
            &[
                ("AA,KK:0.5", false),
                ("QQ,AKs:0.25", false),
                ("KK,QQ,JJ", false),
            ],
            "Qh7d2c",
            "",
        ),
        spot(
            &[
                ("AhKh", false),
                ("QQ,JJ", false),
                ("JTs,T9s", false),
                ("88,77:0.7", false),
            ],
            "9h8h2c3d",
            "",
        ),
        spot(
            &[("99+", false), ("AK,AQ", false), ("88,77", false)],
            "As9d4h",
            "Kc Qc",
        ),
        spot(
            &[
                ("TT+", false),
                ("AQs+,KQs", true),
                ("99,88", false),
                ("JJ,TT,AJs", false),
            ],
            "Jd8c3s",
            "",
        ),
        spot(
            &[
                ("KK+", false),
                ("QQ", false),
                ("JJ", false),
                ("TT", false),
                ("99", false),
            ],
            "5c6d7h8s",
            "",
        ),
        spot(
            &[
                ("2c2d", false),
                ("33,44", false),
                ("55,66", false),
                ("77,88", true),
            ],
            "AsKsQsJs",
            "",
        ),
        spot(
            &[
                ("A5s,A4s", false),
                ("65s,54s", false),
                ("A2s:0.5,33", false),
            ],
            "5h4h3c",
            "2c",
        ),
        spot(
            &[
                ("KQs,KJs", false),
                ("QJs,JTs", false),
                ("AQs:0.3,AJs", false),
                ("T9s", true),
            ],
            "KsQsJh7c",
            "",
        ),
        spot(
            &[
                ("88-66", false),
                ("AsAd", true),
                ("77,55", false),
                ("99,66:0.5", false),
            ],
            "Ah7d6c",
            "",
        ),
        spot(
            &[
                ("AKo", false),
                ("AKs,AQs", false),
                ("AJ,KQ", false),
                ("QJs", false),
                ("KJ", false),
            ],
            "Td9c2h5s",
            "",
        ),
    ]
}

/// Equity, win and tie of every active seat equal the brute force's, by
/// each multiway kernel, with and without a breakdown.
#[test]
fn multiway_kernels_match_brute_force() {
    let mut counted = [0; 2];
    for (i, spot) in brute_force_spots().iter().enumerate() {
        let expected = brute_force(spot);
        for breakdown in [false, true] {
            let setup = setup(spot, breakdown);
            for kernel in KERNELS {
                let Some(result) = counts(
                    engine::equity::internal::enumerate_with(&setup, Kernel::BoardMajor(kernel)),
                    kernel,
                    &mut counted,
                ) else {
                    continue;
                };
                assert_eq!(result.seats.len(), expected.len());
                for (got, &(equity, win, tie)) in result.seats.iter().zip(&expected) {
                    assert!(
                        close(got.equity, equity) && close(got.win, win) && close(got.tie, tie),
                        "spot {i} {kernel:?} breakdown {breakdown}: {got:?} vs {equity} {win} {tie}"
                    );
                }
            }
        }
    }
    // Spots (with and without a breakdown) per kernel.
    assert!(counted[0] >= 20 && counted[1] >= 10, "{counted:?}");
}

/// Spots for the integer comparison: larger than the brute force manages.
fn scan_spots() -> Vec<Spot> {
    let mut spots = brute_force_spots();
    spots.extend([
        spot(
            &[
                ("QQ+,AK", false),
                ("JJ-99,AQs,KQs", false),
                ("22+,AJs+", false),
            ],
            "Kh9s4c",
            "",
        ),
        spot(
            &[
                ("QQ+,AK", false),
                ("JJ-99,AQs,KQs", false),
                ("22+,AJs+", false),
            ],
            "Kh9s4c7d",
            "",
        ),
        spot(
            &[("AhKh", false), ("QQ", false), ("JTs", false)],
            "9h8h2c",
            "",
        ),
        spot(
            &[
                ("JcJh", false),
                ("8s7s", false),
                ("99+,AJs+", false),
                ("QQ+,AQs+,AQo+", false),
            ],
            "4dAc5d",
            "",
        ),
        spot(
            &[
                ("TT+,AQ+:0.5", false),
                ("88-55,A5s-A2s", false),
                ("KQ,QJ,JT", false),
            ],
            "Th5h2d",
            "9d",
        ),
        spot(
            &[
                ("22-66", false),
                ("A2s-A5s", false),
                ("76s,65s,54s", false),
                ("QQ+", true),
            ],
            "3h4c7d",
            "",
        ),
        spot(
            &[
                ("AA", false),
                ("KK", false),
                ("QQ", false),
                ("JJ", false),
                ("AK", false),
            ],
            "2c7d9h",
            "",
        ),
        spot(
            &[
                ("AsKh", false),
                ("QQ,JJ", false),
                ("random", true),
                ("TT,99", false),
            ],
            "Ks8d3c5h",
            "",
        ),
        spot(
            &[
                ("AA,KK:0.31", false),
                ("QQ:0.77,JJ", false),
                ("AK:0.13,KQs", false),
            ],
            "2s3d4c",
            "",
        ),
        spot(
            &[
                ("77+", false),
                ("A9s+,KTs+", false),
                ("55-22", false),
                ("ATo+", false),
            ],
            "8c8d8h5s",
            "",
        ),
    ]);
    spots
}

/// The multiway kernels form the very integer tallies of the scan that
/// lists every deal: seat totals, deals, and per-combo counts.
#[test]
fn multiway_kernels_count_what_the_scan_counts() {
    let spots = scan_spots();
    assert!(spots.len() >= 20);
    let mut counted = [0; 2];
    for (i, spot) in spots.iter().enumerate() {
        for breakdown in [false, true] {
            let setup = setup(spot, breakdown);
            let expected = listed(&setup);
            assert!(expected.total > 0);
            assert_eq!(expected.combos.is_empty(), !breakdown);
            for kernel in KERNELS {
                let got = exact_tallies(&setup, Kernel::BoardMajor(kernel));
                let Some(got) = counts(got, kernel, &mut counted) else {
                    continue;
                };
                assert_eq!(got, expected, "spot {i} {kernel:?} breakdown {breakdown}");
            }
        }
    }
    assert!(counted[0] >= 40 && counted[1] >= 20, "{counted:?}");
}
