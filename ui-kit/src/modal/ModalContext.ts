import { createContext, useContext } from 'react'

/** What `<Modal>` shares with the views it renders. */
export type ModalContextValue = {
  /** Id of the title element that labels the dialog. */
  titleId: string
}

export const ModalContext = createContext<ModalContextValue | undefined>(undefined)

/** The modal around a view (the id of the dialog's title); throws outside `<Modal>`. */
export function useModalContext(): ModalContextValue {
  const value = useContext(ModalContext)
  if (!value) throw new Error('Portico view components must be rendered inside <Modal>')
  return value
}
