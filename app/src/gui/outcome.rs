//! What an action said, in the player's words: done, or failed and why.
//! The File menu, the Copy button, the presets panel and the CSV exports
//! each keep their last [`Outcome`] and show it (failures in the error
//! colour).

/// An action's outcome in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It was done: what happened ("Saved …", "Copied …").
    Done(String),
    /// It failed: what went wrong ("Not saved: …").
    Failed(String),
}

impl Outcome {
    /// `result` in words: [`Done`](Outcome::Done) with `done`'s words for
    /// its value, or [`Failed`](Outcome::Failed) with `failed`'s for its
    /// error.
    pub fn of<T, E>(
        result: Result<T, E>,
        done: impl FnOnce(T) -> String,
        failed: impl FnOnce(E) -> String,
    ) -> Outcome {
        match result {
            Ok(value) => Outcome::Done(done(value)),
            Err(error) => Outcome::Failed(failed(error)),
        }
    }

    /// Its words.
    pub fn text(&self) -> &str {
        match self {
            Outcome::Done(text) | Outcome::Failed(text) => text,
        }
    }

    /// Whether the action failed.
    pub fn failed(&self) -> bool {
        matches!(self, Outcome::Failed(_))
    }
}
