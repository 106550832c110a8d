export type {
  CreateLoggerParameters,
  LogEntry,
  Logger,
  LoggerSink,
  LogLevel,
} from './createLogger.js'
export {
  createLogger,
  DEFAULT_LOG_LEVEL,
  LOG_BUFFER_MAX_BYTES,
  LOG_LEVELS,
} from './createLogger.js'
