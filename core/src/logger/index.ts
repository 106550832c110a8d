export type {
  CreateLoggerParameters,
  LogEntry,
  Logger,
  LoggerSink,
  LogLevel,
} from './createLogger.js'
export { createLogger, LOG_LEVELS } from './createLogger.js'
