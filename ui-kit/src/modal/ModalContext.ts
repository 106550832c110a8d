import { createContext, useContext } from 'react'

export type ModalContextValue = {
  /** Id of the title element that labels the dialog. */
  titleId: string
}

export const ModalContext = createContext<ModalContextValue | undefined>(undefined)

export function useModalContext(): ModalContextValue {
  const value = useContext(ModalContext)
  if (!value) throw new Error('Portico view components must be rendered inside <Modal>')
  return value
}
