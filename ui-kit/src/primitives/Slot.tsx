import {
  Children,
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from 'react'

type AnyProps = Record<string, unknown>

function mergeProps(slot: AnyProps, child: AnyProps): AnyProps {
  const merged: AnyProps = { ...slot, ...child }
  for (const key of Object.keys(slot)) {
    const a = slot[key]
    const b = child[key]
    if (/^on[A-Z]/.test(key) && typeof a === 'function' && typeof b === 'function') {
      merged[key] = (...args: unknown[]) => {
        b(...args)
        a(...args)
      }
    } else if (key === 'className' && a && b) {
      merged[key] = `${a} ${b}`
    } else if (key === 'style' && a && b) {
      merged[key] = { ...(a as object), ...(b as object) }
    }
  }
  return merged
}

/**
 * Renders its single child with the slot's props merged in (handlers chained, classes joined), so
 * `asChild` lets an app bring its own element.
 */
export function Slot({
  children,
  ...props
}: HTMLAttributes<HTMLElement> & { children?: ReactNode }) {
  const child = Children.only(children)
  if (!isValidElement(child)) return null
  const element = child as ReactElement<AnyProps>
  return cloneElement(element, mergeProps(props as AnyProps, element.props))
}
