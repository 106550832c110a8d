import type { UiKitMessages } from './features.js'

declare module '@portico/react' {
  // Gives `<PorticoProvider messages>` the UI kit's keys.
  interface PorticoMessages extends UiKitMessages {}
}
