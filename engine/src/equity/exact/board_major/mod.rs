//! Board-major enumeration: for each board completion, every live combo of
//! the active seats is ranked once with the compact evaluator, then the
//! deals compatible with the board are counted by the kernel the planner
//! chose ([`BoardKernel`](crate::equity::strategy::BoardKernel)). Boards
//! come in chunks of 64, the unit of work; each chunk sums in `u64` where
//! the planner showed the sums fit.

mod kernels;
mod run;
mod scan;

pub(crate) use run::{run, sweep_tally, u64_sums};
