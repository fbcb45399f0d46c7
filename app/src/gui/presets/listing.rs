//! The user's preset directory, listed off the UI thread on the shared
//! [`Background`] runner (`rangestove-presets`, newest listing wins), so a
//! slow disk or a directory of big files never stalls a frame.

use engine::worker::Job;

use crate::gui::state::background::{Answers, Background};
use crate::presets::{Listing, PresetStore, StoredPreset};

/// A listing asked for: the directory, and which asking it is (the panel
/// asks again after each change of its own, so that no listing it takes
/// in predates the change).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListingJob {
    store: PresetStore,
    round: u64,
}

impl ListingJob {
    /// Lists the directory, stopping before the next file (each read at
    /// most 1 MiB) once a newer listing is asked for.
    fn run(self, job: &Job<'_, Listed>) {
        let listing = self.store.list_while(|| !job.is_stale());
        job.send(Listed::new(self, listing));
    }
}

/// A finished listing, as the panel shows it.
#[derive(Clone, Debug)]
pub struct Listed {
    job: ListingJob,
    /// The presets that read, sorted by name (ignoring case), then file.
    pub presets: Vec<StoredPreset>,
    /// The files that did not, each described with its path.
    pub problems: Vec<String>,
}

impl Listed {
    /// `listing`, the answer to `job`.
    fn new(job: ListingJob, listing: Listing) -> Listed {
        Listed {
            job,
            presets: listing.presets,
            problems: listing.problems.iter().map(ToString::to_string).collect(),
        }
    }
}

impl Answers<ListingJob> for Listed {
    fn job(&self) -> &ListingJob {
        &self.job
    }
}

/// The listing of the user's directory kept between frames.
pub struct UserListing {
    work: Background<ListingJob, Listed>,
    /// Listings asked for so far.
    round: u64,
    /// The round of the last listing taken in.
    taken: Option<u64>,
}

impl Default for UserListing {
    fn default() -> UserListing {
        UserListing {
            work: Background::new("rangestove-presets", ListingJob::run),
            round: 0,
            taken: None,
        }
    }
}

impl UserListing {
    /// Asks for a fresh listing, submitted at the next
    /// [`update`](Self::update) (one under way could predate the panel's
    /// last change).
    pub fn reread(&mut self) {
        self.round += 1;
    }

    /// Submits the listing of `store` asked for, if not yet submitted, and
    /// returns it once finished, once; `ctx` is repainted when it arrives.
    /// Where no thread can be started, the directory is listed here.
    pub fn update(&mut self, store: Option<&PresetStore>, ctx: &egui::Context) -> Option<Listed> {
        let job = store.map(|store| ListingJob {
            store: store.clone(),
            round: self.round,
        });
        self.work.update(job.clone(), ctx);
        let job = job?;
        if self.taken == Some(job.round) {
            return None;
        }
        let listed = match self.work.figures() {
            Some(listed) => listed.clone(),
            None if !self.work.has_thread() => {
                let listing = job.store.list();
                Listed::new(job.clone(), listing)
            }
            None => return None,
        };
        self.taken = Some(job.round);
        Some(listed)
    }

    /// Whether the listing of `store` asked for last is still to come.
    pub fn is_reading(&self, store: Option<&PresetStore>) -> bool {
        store.is_some() && self.taken != Some(self.round)
    }
}
