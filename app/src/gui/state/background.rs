//! A panel's computation on its own named thread (an
//! [`engine::worker::Runner`]: newest job wins), started on first use: the
//! hero analysis, the next-card strip, the Boards view and the presets
//! listing. The UI thread only submits jobs and takes in figures.

use engine::worker::{Job, Runner};

/// Figures that say which job they answer.
pub trait Answers<J> {
    /// The job these figures were computed for.
    fn job(&self) -> &J;
}

/// The background work of one panel kept between frames: its thread, the
/// last job submitted and its figures once in.
pub struct Background<J, F> {
    name: &'static str,
    run: fn(J, &Job<'_, F>),
    runner: Option<Runner<J, F>>,
    job: Option<J>,
    figures: Option<F>,
}

impl<J, F> Background<J, F>
where
    J: Clone + PartialEq + Send + 'static,
    F: Answers<J> + Send + 'static,
{
    /// Work that runs `run` on a thread named `name`.
    pub fn new(name: &'static str, run: fn(J, &Job<'_, F>)) -> Background<J, F> {
        Background {
            name,
            run,
            runner: None,
            job: None,
            figures: None,
        }
    }

    /// Submits `job` when it differs from the last one (dropping the old
    /// figures) and takes in the newest figures for it; `ctx` is repainted
    /// when they arrive.
    pub fn update(&mut self, job: Option<J>, ctx: &egui::Context) {
        self.submit(job, ctx);
        self.receive();
    }

    /// Submits `job` when it differs from the last one (dropping the old
    /// figures); `ctx` is repainted when its figures arrive. A panel whose
    /// job is costly to build calls this only when what it is built from
    /// changed, and [`receive`](Self::receive) every frame.
    pub fn submit(&mut self, job: Option<J>, ctx: &egui::Context) {
        if job != self.job {
            self.job = job.clone();
            self.figures = None;
            if let Some(job) = job {
                if self.runner.is_none() {
                    let ctx = ctx.clone();
                    self.runner =
                        Runner::start(self.name, self.run, move || ctx.request_repaint()).ok();
                }
                if let Some(runner) = &self.runner {
                    runner.submit(job);
                }
            }
        }
    }

    /// Takes in the newest figures for the last job submitted.
    pub fn receive(&mut self) {
        let Some(runner) = &self.runner else {
            return;
        };
        let mut newest = None;
        while let Some(update) = runner.try_recv() {
            newest = Some(update.event);
        }
        if let Some(figures) = newest
            && Some(figures.job()) == self.job.as_ref()
        {
            self.figures = Some(figures);
        }
    }

    /// The last job submitted (`None`: none, or `None` was).
    pub fn job(&self) -> Option<&J> {
        self.job.as_ref()
    }

    /// The figures once computed for the current job (the newest partial
    /// figures while a job sends several).
    pub fn figures(&self) -> Option<&F> {
        self.figures.as_ref()
    }

    /// Whether the work has its thread: not before the first job, nor when
    /// none could be started (then no figures ever come).
    pub fn has_thread(&self) -> bool {
        self.runner.is_some()
    }

    /// Stops the running job, keeping the figures in so far; the same job
    /// is not submitted again until [`restart`](Self::restart) or another
    /// job comes.
    pub fn stop(&mut self) {
        if let Some(runner) = &self.runner {
            runner.cancel();
        }
    }

    /// Forgets the last job, so the next [`update`](Self::update) submits
    /// it afresh.
    pub fn restart(&mut self) {
        self.job = None;
        self.figures = None;
    }
}
