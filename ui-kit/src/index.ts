import './messages/augment.js'

export type { UiKitMessages } from './messages/en.js'
export { en as englishMessages } from './messages/en.js'
export { useMessages } from './messages/useMessages.js'
export { Modal } from './modal/Modal.js'
export { useModalContext } from './modal/ModalContext.js'
export { ModalHeader } from './modal/ModalHeader.js'
export type { ModalTriggerProps } from './modal/ModalTrigger.js'
export { ModalTrigger } from './modal/ModalTrigger.js'
export type {
  ModalHeaderRenderProps,
  ModalProps,
  ViewComponents,
  ViewProps,
} from './modal/types.js'
export { Slot } from './primitives/Slot.js'
export { useFocusTrap } from './primitives/useFocusTrap.js'
export { ToastRegion } from './toast/ToastRegion.js'
export { ConnectView } from './views/Connect/ConnectView.js'
export { defaultViews } from './views/defaultViews.js'
