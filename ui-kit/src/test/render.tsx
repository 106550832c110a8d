import { FEATURES, loadFeatureCode } from '@portico/core/test-seams'
import { UI_FEATURES } from '../features.js'
import { ModalDialog, ToastText } from '../modal/lazyDialog.js'

export { createTestClient, networks, renderWithClient } from './client.js'

// Most tests look at what a view shows, not at how its code arrives: the dialog's, every view's
// and every core feature's code is loaded before they run, so views render and check what is
// typed at once, as an app's do once the code has come. The tests of lazy loading import ./client.js instead.
await Promise.all([
  ...FEATURES.map(loadFeatureCode),
  ModalDialog.preload(),
  ToastText.preload(),
  ...UI_FEATURES.flatMap((feature) => Object.values(feature.views ?? {})).map((view) =>
    view?.preload(),
  ),
])
