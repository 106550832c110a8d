import { useViewMessages } from '../kit/messages.js'
import type { ViewProps } from '../kit/types.js'
import type en from './messages/en.js'

/** Shown for a view name that has no component, instead of a blank dialog. */
export function UnknownView(_props: ViewProps) {
  const { t } = useViewMessages<typeof en>()
  return <p>{t('modal.unknownView')}</p>
}
