/**
 * Prometheus metrics. One registry per process object (not prom-client's global), so several apps
 * built in one test process never collide.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly jobsEnqueued = new Counter({
    name: 'jobs_enqueued_total',
    help: 'Jobs enqueued by this process, by type',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  readonly jobsRun = new Counter({
    name: 'jobs_run_total',
    help: 'Job runs finished by this process, by type and outcome (succeeded, retried after a failure, rescheduled by the handler, dead)',
    labelNames: ['type', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Job run duration by type',
    labelNames: ['type'] as const,
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [this.registry],
  });

  /** Set at scrape time from the database (see app.ts), so every process reports the shared queue. */
  readonly jobsInQueue = new Gauge({
    name: 'jobs_in_queue',
    help: 'Jobs in the database queue by status (queued, running, dead)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  /** Set at scrape time from this process's streams (modules/events/event-streams.ts). */
  readonly eventStreamsOpen = new Gauge({
    name: 'event_streams_open',
    help: 'Server-sent event streams this process serves',
    registers: [this.registry],
  });

  readonly eventStreamsBufferedBytes = new Gauge({
    name: 'event_streams_buffered_bytes',
    help: 'Bytes of event streams waiting for slow clients in this process (bounded per stream by EVENT_STREAM_BUFFER_BYTES)',
    registers: [this.registry],
  });

  readonly retentionRowsPurged = new Counter({
    name: 'retention_rows_purged_total',
    help: 'Rows deleted by the retention housekeeping, by table',
    labelNames: ['table'] as const,
    registers: [this.registry],
  });

  readonly eventSinkPublished = new Counter({
    name: 'event_sink_published_total',
    help: 'Events this process published to event sinks (modules/event-sinks), by sink',
    labelNames: ['sink'] as const,
    registers: [this.registry],
  });

  readonly eventSinkFailures = new Counter({
    name: 'event_sink_failures_total',
    help: "Failed publishes of event sinks in this process, by sink (each is retried from the sink's place)",
    labelNames: ['sink'] as const,
    registers: [this.registry],
  });

  /** Set at scrape time from the database, like jobs_in_queue: every process reports every sink. */
  readonly eventSinkLag = new Gauge({
    name: 'event_sink_lag_events',
    help: "Events of each sink's scope after its place in the log (counted up to 100,000)",
    labelNames: ['sink'] as const,
    registers: [this.registry],
  });

  /** The outbound governor (modules/governor/): per channel, what it let through, what it held and why, the vendor signals it heard. */
  readonly governorAdmitted = new Counter({
    name: 'governor_admitted_total',
    help: 'Outbound messages the governor handed to their provider, by channel and traffic (bulk, conversational)',
    labelNames: ['channel', 'traffic'] as const,
    registers: [this.registry],
  });

  readonly governorHeld = new Counter({
    name: 'governor_held_total',
    help: 'Times the governor held an outbound message for later, by channel and reason (rate, recipient_gap, quiet_hours, …)',
    labelNames: ['channel', 'reason'] as const,
    registers: [this.registry],
  });

  readonly governorSignals = new Counter({
    name: 'governor_signals_total',
    help: 'Vendor signals the governor acted on (130429, 131056, 131049, 131047, 463), by channel and code',
    labelNames: ['channel', 'code'] as const,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics) collectDefaultMetrics({ register: this.registry });
  }
}
