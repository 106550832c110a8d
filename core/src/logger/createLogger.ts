/** Only errors are printed unless the app asks for more. */
export const DEFAULT_LOG_LEVEL = 'error'
/** The log kept for a bug report is bounded to about this many bytes. */
export const LOG_BUFFER_MAX_BYTES = 1_024_000

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const
/** How much the SDK logs: silent, error (the default), warn, info or debug. */
export type LogLevel = (typeof LOG_LEVELS)[number]
type EmittingLevel = Exclude<LogLevel, 'silent'>

export type LogEntry = { level: EmittingLevel; time: number; message: string; data?: unknown }

export type LoggerSink = Partial<Record<EmittingLevel, (...args: unknown[]) => void>>

export type CreateLoggerParameters = {
  level?: LogLevel
  /** Where entries are printed; `console` by default. */
  sink?: LoggerSink
  maxBufferBytes?: number
  now?: () => number
}

export type Logger = {
  readonly level: LogLevel
  error(message: string, data?: unknown): void
  warn(message: string, data?: unknown): void
  info(message: string, data?: unknown): void
  debug(message: string, data?: unknown): void
  /** Entries kept for a bug report, oldest first, bounded in size. */
  entries(): readonly LogEntry[]
}

function sizeOf(entry: LogEntry): number {
  let data: string
  try {
    data = entry.data === undefined ? '' : String(JSON.stringify(entry.data))
  } catch {
    data = '[unserialisable]'
  }
  // UTF-16 code units times two is an upper bound on the UTF-8 bytes of most text.
  return (entry.message.length + data.length) * 2 + 32
}

export function createLogger(parameters: CreateLoggerParameters = {}): Logger {
  const level = parameters.level ?? DEFAULT_LOG_LEVEL
  const sink = parameters.sink ?? (typeof console === 'undefined' ? {} : console)
  const maxBytes = parameters.maxBufferBytes ?? LOG_BUFFER_MAX_BYTES
  const now = parameters.now ?? Date.now
  const threshold = LOG_LEVELS.indexOf(level)
  const buffer: { entry: LogEntry; bytes: number }[] = []
  let bufferBytes = 0

  function log(entryLevel: EmittingLevel, message: string, data?: unknown) {
    if (LOG_LEVELS.indexOf(entryLevel) > threshold) return
    const entry: LogEntry = { level: entryLevel, time: now(), message, data }
    const bytes = sizeOf(entry)
    buffer.push({ entry, bytes })
    bufferBytes += bytes
    while (bufferBytes > maxBytes && buffer.length > 0) {
      bufferBytes -= buffer.shift()!.bytes
    }
    const print = sink[entryLevel]
    if (print) {
      if (data === undefined) print(`[portico] ${message}`)
      else print(`[portico] ${message}`, data)
    }
  }

  return {
    level,
    error: (message, data) => log('error', message, data),
    warn: (message, data) => log('warn', message, data),
    info: (message, data) => log('info', message, data),
    debug: (message, data) => log('debug', message, data),
    entries: () => buffer.map((item) => item.entry),
  }
}
