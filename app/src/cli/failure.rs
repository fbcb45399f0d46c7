//! How a command fails: bad input (status 2), output that could not be
//! written, or anything else (status 1). Every command returns it, so the
//! exit statuses are decided in one place.

use std::process::ExitCode;

use engine::equity::EquityError;

/// A failed command: bad input (exit status 2), output that could not be
/// written, or anything else (status 1).
#[derive(Debug)]
pub enum Failure {
    /// The user's input was wrong; the message names what.
    Input(anyhow::Error),
    /// Writing the output failed: a closed pipe ends the program quietly
    /// (status 0), any other error is reported (status 1).
    Output(std::io::Error),
    /// Something else went wrong.
    Other(anyhow::Error),
}

impl Failure {
    /// The exit status this failure ends the program with.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Failure::Input(_) => ExitCode::from(2),
            Failure::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Failure::Output(_) | Failure::Other(_) => ExitCode::from(1),
        }
    }
}

impl Failure {
    /// An engine error as a command's failure: bad input, unless the
    /// count was cancelled.
    pub fn engine(error: EquityError) -> Failure {
        match error {
            EquityError::Cancelled => Failure::Other(error.into()),
            error => Failure::Input(error.into()),
        }
    }
}

impl From<std::io::Error> for Failure {
    fn from(error: std::io::Error) -> Failure {
        Failure::Output(error)
    }
}
