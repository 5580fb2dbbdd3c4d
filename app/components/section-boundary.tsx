import { Component, type ErrorInfo, type ReactNode } from 'react'

/**
 * Renders nothing instead of its children when they fail in the browser, so an
 * optional section (related products) cannot take its page down (docs/STYLE.md, "Errors").
 * Its data is guarded in the loader; no Suspense here, so the section is not
 * streamed after the page.
 */
export class SectionBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('An optional section failed to render', error, info.componentStack)
  }

  override render() {
    return this.state.failed ? null : this.props.children
  }
}
