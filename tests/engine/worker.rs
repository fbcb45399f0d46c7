//! The background worker and the generic runner under it: coalescing, no
//! stale updates, a flat thread count, and `Drop` joining the thread.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use engine::equity::{EquityRequest, Method, Seat};
use engine::worker::{Event, Job, Runner, Worker};
use engine::{Range, card::parse_cards};

use crate::WORKERS as SERIAL;

/// How many of this process's threads belong to workers (Linux: thread
/// names, cut to 15 characters, from /proc); `None` elsewhere.
fn worker_threads() -> Option<usize> {
    let tasks = std::fs::read_dir("/proc/self/task").ok()?;
    Some(
        tasks
            .flatten()
            .filter_map(|t| std::fs::read_to_string(t.path().join("comm")).ok())
            .filter(|name| {
                name.starts_with("rangestove-work") || name.starts_with("rangestove-equi")
            })
            .count(),
    )
}

/// A trial budget no machine finishes: a job of this many deals ends only
/// when it is cancelled, so the tests below do not depend on speed.
const ENDLESS: u64 = 1_000_000_000_000_000;

/// How long to wait for something that takes milliseconds before calling
/// it a hang.
const HANG: Duration = Duration::from_secs(60);

fn request(hero: &str, trials: u64) -> EquityRequest {
    let mut request = EquityRequest::new(vec![
        Seat::active(Range::parse(hero).unwrap()),
        Seat::active(Range::parse("random").unwrap()),
        Seat::active(Range::parse("22+,A2s+").unwrap()),
    ]);
    request.method = Method::MonteCarlo;
    request.trials = Some(trials);
    request
}

#[test]
fn a_burst_of_submits_leaves_one_live_job_and_no_stale_update() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let repaints = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&repaints);
    let worker = Worker::spawn(Some(2), move || {
        counter.fetch_add(1, Ordering::SeqCst);
    })
    .unwrap();
    // Threads name themselves as they start: wait for all three.
    let started = Instant::now();
    while worker_threads().is_some_and(|n| n < 3) && started.elapsed() < HANG {
        std::thread::sleep(Duration::from_millis(10));
    }
    let threads_before = worker_threads();
    assert!(
        threads_before.is_none_or(|n| n == 3),
        "one worker thread and a pool of 2: {threads_before:?}"
    );
    let mut last = 0;
    for i in 0..10_000 {
        last = worker.submit(request(if i % 2 == 0 { "AA" } else { "KK" }, 2_000_000).into());
    }
    assert_eq!(worker.generation(), last);
    // The newest job runs to the end; nothing of an older one arrives.
    let deadline = Instant::now() + HANG;
    let mut done = None;
    let mut updates = 0;
    while Instant::now() < deadline && done.is_none() {
        if let Some(update) = worker.recv_timeout(Duration::from_millis(200)) {
            assert_eq!(
                update.generation, last,
                "a stale update reached the receiver"
            );
            updates += 1;
            match update.event {
                Event::Done(result) => done = Some(result),
                Event::Progress(_) => {}
                Event::Failed(e) => panic!("{e}"),
                Event::Line(_) | Event::LineFailed(_) => panic!("no line was asked for"),
            }
        }
    }
    let done = done.expect("the last job finishes");

    // The repaint call follows each send, so the last one may still be on
    // its way.
    let waited = Instant::now();
    while repaints.load(Ordering::SeqCst) < updates && waited.elapsed() < HANG {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        repaints.load(Ordering::SeqCst) >= updates,
        "a repaint follows every update"
    );
    // KK was the last submitted hero (10,000 is even, the last index odd).
    let kk = engine::equity::calculate(&request("KK", 2_000_000), &|| false, &mut |_| {}).unwrap();
    assert_eq!((&done.seats, done.samples), (&kk.seats, kk.samples));
    assert!(worker.try_recv().is_none());
    if let (Some(before), Some(after)) = (threads_before, worker_threads()) {
        assert_eq!(before, after, "the worker's thread count stays flat");
    }
}

#[test]
fn errors_arrive_as_events_and_a_new_submit_cancels_the_old_job() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(1), || {}).unwrap();
    let mut bad = request("AA", 1000);
    bad.board = parse_cards("2c3c").unwrap();
    let generation = worker.submit(bad.into());
    let update = worker.recv_timeout(HANG).unwrap();
    assert_eq!(update.generation, generation);
    assert!(matches!(
        update.event,
        Event::Failed(engine::equity::EquityError::BoardSize(2))
    ));
    // An endless job, then a short one: only the short one's results come
    // back, and they come at all only if the endless job was cancelled (the
    // worker runs one job at a time).
    worker.submit(request("AA", ENDLESS).into());
    std::thread::sleep(Duration::from_millis(200));
    let short = worker.submit(request("QQ", 10_000).into());
    loop {
        let update = worker
            .recv_timeout(HANG)
            .expect("the endless job was cancelled and the short one ran");
        assert_eq!(update.generation, short);
        if matches!(update.event, Event::Done(_)) {
            break;
        }
    }
}

#[test]
fn drop_stops_and_joins_the_thread() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    // The repaint callback lives on the worker thread; once `drop` returns,
    // the thread has ended and released it.
    let token = Arc::new(());
    let held = Arc::clone(&token);
    let worker = Worker::spawn(Some(1), move || {
        let _ = &held;
    })
    .unwrap();
    worker.submit(request("AA", ENDLESS).into());
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(Arc::strong_count(&token), 2);
    // `drop` joins the thread, so it returns only if it cancels the endless
    // job; it is watched from here so that a hang fails the test.
    let (dropped, done) = mpsc::channel();
    std::thread::Builder::new()
        .name("drop-watch".to_owned())
        .spawn(move || {
            drop(worker);
            let _ = dropped.send(());
        })
        .unwrap();
    assert!(
        done.recv_timeout(HANG).is_ok(),
        "drop cancels the running job"
    );
    assert_eq!(Arc::strong_count(&token), 1, "the worker thread has ended");
    if let Some(n) = worker_threads() {
        assert_eq!(n, 0, "no worker thread outlives its handle");
    }
}

#[test]
fn a_runner_runs_the_newest_job_on_its_named_thread_and_joins_it_on_drop() {
    /// A job that waits for the gate to open.
    const GATED: u64 = 0;
    /// A job that runs until it is cancelled.
    const ENDLESS: u64 = u64::MAX;
    // The job function lives on the runner's thread; once `drop` returns,
    // the thread has ended and released it.
    let token = Arc::new(());
    let held = Arc::clone(&token);
    let gate = Arc::new(AtomicBool::new(false));
    let open = Arc::clone(&gate);
    let (started, finished) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let (starts, ends) = (Arc::clone(&started), Arc::clone(&finished));
    let runner = Runner::start(
        "rangestove-test-runner",
        move |n: u64, job: &Job<'_, String>| {
            let _ = &held;
            starts.fetch_add(1, Ordering::SeqCst);
            match n {
                GATED => {
                    while !open.load(Ordering::SeqCst) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    // Stale by now: its update is not sent.
                    job.send("late".to_owned());
                }
                ENDLESS => {
                    while !job.is_stale() {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                }
                n => {
                    let name = std::thread::current().name().map(str::to_owned);
                    job.send(format!("{} {n}", name.unwrap_or_default()));
                }
            }
            ends.fetch_add(1, Ordering::SeqCst);
        },
        || {},
    )
    .unwrap();
    let wait_for = |counter: &AtomicUsize, n: usize| {
        let waited = Instant::now();
        while counter.load(Ordering::SeqCst) < n && waited.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(1));
        }
        counter.load(Ordering::SeqCst)
    };
    runner.submit(GATED);
    assert_eq!(wait_for(&started, 1), 1, "the gated job runs");
    // A burst while the thread is busy: only its newest job runs next.
    let mut last = 0;
    for n in 1..=1000 {
        last = runner.submit(n);
    }
    gate.store(true, Ordering::SeqCst);
    let update = runner.recv_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!(update.generation, last);
    assert_eq!(update.event, "rangestove-test-runner 1000");
    assert!(runner.recv_timeout(Duration::from_millis(100)).is_none());
    assert_eq!(started.load(Ordering::SeqCst), 2, "the burst coalesced");
    // Cancelling stops the running job without starting another.
    runner.submit(ENDLESS);
    assert_eq!(wait_for(&started, 3), 3);
    runner.cancel();
    assert_eq!(wait_for(&finished, 3), 3, "the cancelled job stopped");
    assert!(runner.try_recv().is_none());
    // Dropping cancels the running job and joins the thread.
    runner.submit(ENDLESS);
    assert_eq!(wait_for(&started, 4), 4);
    assert_eq!(Arc::strong_count(&token), 2);
    // Dropping an endless job returns only if it cancels the job (a hang
    // guard, not a speed check: HANG is far beyond any machine's time).
    let (dropped, done) = mpsc::channel();
    std::thread::Builder::new()
        .name("drop-runner".into())
        .spawn(move || {
            drop(runner);
            let _ = dropped.send(());
        })
        .unwrap();
    assert!(done.recv_timeout(HANG).is_ok(), "dropping never returned");
    assert_eq!(
        Arc::strong_count(&token),
        1,
        "the runner's thread has ended"
    );
    assert_eq!(finished.load(Ordering::SeqCst), 4);
}
