import { Outlet } from 'react-router'
import { useRootData } from '#app/lib/root-data.ts'
import { SiteHeader } from '#app/features/layout/site-header.tsx'
import { SiteFooter } from '#app/features/layout/site-footer.tsx'
import { BottomBar } from '#app/features/layout/bottom-bar.tsx'
import { ChatButton } from '#app/features/layout/chat-button.tsx'
import { LoginPrompt } from '#app/features/layout/login-prompt.tsx'

/** Every page but login and registration: navigation, footer, chat link (docs/spec/store-spec.md §2). */
export default function StoreLayout() {
  const { user, store } = useRootData()
  return (
    <div className="flex min-h-dvh flex-col pb-[90px] md:pb-0">
      <SiteHeader user={user} storeName={store.name} />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter store={store} />
      <BottomBar />
      <ChatButton whatsapp={store.whatsapp} />
      <LoginPrompt isGuest={!user} />
    </div>
  )
}
