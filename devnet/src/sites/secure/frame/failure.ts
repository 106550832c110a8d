import type { FrameErrorPayload } from '@portico/core/internal'

/** An error the frame answers with as it is: `{ message, code?, data? }`. */
export class FrameFailure extends Error {
  constructor(
    message: string,
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(message)
  }

  toPayload(): FrameErrorPayload {
    return {
      message: this.message,
      ...(this.code !== undefined ? { code: this.code } : {}),
      ...(this.data !== undefined ? { data: this.data } : {}),
    }
  }
}
