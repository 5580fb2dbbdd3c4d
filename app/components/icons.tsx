import type { SVGProps } from 'react'
import {
  ArrowLeft as arrowLeftNode,
  ArrowLeftRight as arrowLeftRightNode,
  ArrowRight as arrowRightNode,
  BadgeCheck as badgeCheckNode,
  BadgePercent as badgePercentNode,
  Banknote as banknoteNode,
  BellRing as bellRingNode,
  Briefcase as briefcaseNode,
  Camera as cameraNode,
  Check as checkNode,
  CheckCircle2 as checkCircle2Node,
  ChevronDown as chevronDownNode,
  ChevronLeft as chevronLeftNode,
  ChevronRight as chevronRightNode,
  CircleAlert as circleAlertNode,
  CircleCheck as circleCheckNode,
  Download as downloadNode,
  Expand as expandNode,
  ExternalLink as externalLinkNode,
  Eye as eyeNode,
  EyeOff as eyeOffNode,
  FileSpreadsheet as fileSpreadsheetNode,
  Headset as headsetNode,
  Heart as heartNode,
  HeartHandshake as heartHandshakeNode,
  House as houseNode,
  Info as infoNode,
  LayoutDashboard as layoutDashboardNode,
  LayoutGrid as layoutGridNode,
  LoaderCircle as loaderCircleNode,
  Lock as lockNode,
  LogOut as logOutNode,
  Mail as mailNode,
  MailCheck as mailCheckNode,
  MapPin as mapPinNode,
  MessageCircle as messageCircleNode,
  MessageSquareReply as messageSquareReplyNode,
  MessageSquareText as messageSquareTextNode,
  PackageCheck as packageCheckNode,
  PackageOpen as packageOpenNode,
  PackageSearch as packageSearchNode,
  Pause as pauseNode,
  Phone as phoneNode,
  Play as playNode,
  Plus as plusNode,
  Printer as printerNode,
  RefreshCcw as refreshCcwNode,
  RotateCcw as rotateCcwNode,
  Search as searchNode,
  ShieldCheck as shieldCheckNode,
  Shirt as shirtNode,
  ShoppingBag as shoppingBagNode,
  SlidersHorizontal as slidersHorizontalNode,
  Tag as tagNode,
  ThumbsUp as thumbsUpNode,
  Trash2 as trash2Node,
  TriangleAlert as triangleAlertNode,
  Truck as truckNode,
  Undo2 as undo2Node,
  UserRound as userRoundNode,
  Users as usersNode,
  X as xNode,
  type IconNode,
} from 'lucide'

// The store's icons: Lucide's drawings (the `lucide` package's data), each drawn as one
// <svg> whose shapes are written once, when this module loads, and handed to React as
// markup. Lucide's own React components build every shape as an element of its own on
// every render, through two components and a context: a card's zoom icon alone was nine
// elements, and icons were a twentieth of a signed-in shopper's collection page on the
// server (docs/decisions/039). What the browser gets is the same drawing.

/** An icon's props: those of an <svg>, without children (the drawing is its content). */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'>

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The shapes of a drawing as markup: `<path d="…"></path>…`. */
export function shapesMarkup(node: IconNode): string {
  return node
    .map(([tag, attributes]) => {
      const written = Object.entries(attributes)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
        .join('')
      return `<${tag}${written}></${tag}>`
    })
    .join('')
}

function icon(name: string, node: IconNode) {
  const shapes = { __html: shapesMarkup(node) }
  const base = `lucide lucide-${name}`
  // Lucide's stroke (none filled, current colour, 2 wide, round ends and joins) is the
  // `.lucide` rule of app.css, not five attributes on each of a page's fifty icons; a
  // stroke width given here goes in the style, where it outranks that rule.
  function Icon({ className, strokeWidth, style, ...props }: IconProps) {
    // Hidden from screen readers unless it is given a name, as Lucide's components do.
    const named =
      props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined || props.role !== undefined
    return (
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        aria-hidden={named ? undefined : true}
        {...props}
        style={strokeWidth === undefined ? style : { ...style, strokeWidth }}
        className={className ? `${base} ${className}` : base}
        dangerouslySetInnerHTML={shapes}
      />
    )
  }
  Icon.displayName = name
  return Icon
}
export const ArrowLeft = icon('arrow-left', arrowLeftNode)
export const ArrowLeftRight = icon('arrow-left-right', arrowLeftRightNode)
export const ArrowRight = icon('arrow-right', arrowRightNode)
export const BadgeCheck = icon('badge-check', badgeCheckNode)
export const BadgePercent = icon('badge-percent', badgePercentNode)
export const Banknote = icon('banknote', banknoteNode)
export const BellRing = icon('bell-ring', bellRingNode)
export const Briefcase = icon('briefcase', briefcaseNode)
export const Camera = icon('camera', cameraNode)
export const Check = icon('check', checkNode)
export const CheckCircle2 = icon('check-circle2', checkCircle2Node)
export const ChevronDown = icon('chevron-down', chevronDownNode)
export const ChevronLeft = icon('chevron-left', chevronLeftNode)
export const ChevronRight = icon('chevron-right', chevronRightNode)
export const CircleAlert = icon('circle-alert', circleAlertNode)
export const CircleCheck = icon('circle-check', circleCheckNode)
export const Download = icon('download', downloadNode)
export const Expand = icon('expand', expandNode)
export const ExternalLink = icon('external-link', externalLinkNode)
export const Eye = icon('eye', eyeNode)
export const EyeOff = icon('eye-off', eyeOffNode)
export const FileSpreadsheet = icon('file-spreadsheet', fileSpreadsheetNode)
export const Headset = icon('headset', headsetNode)
export const Heart = icon('heart', heartNode)
export const HeartHandshake = icon('heart-handshake', heartHandshakeNode)
export const House = icon('house', houseNode)
export const Info = icon('info', infoNode)
export const LayoutDashboard = icon('layout-dashboard', layoutDashboardNode)
export const LayoutGrid = icon('layout-grid', layoutGridNode)
export const LoaderCircle = icon('loader-circle', loaderCircleNode)
export const Lock = icon('lock', lockNode)
export const LogOut = icon('log-out', logOutNode)
export const Mail = icon('mail', mailNode)
export const MailCheck = icon('mail-check', mailCheckNode)
export const MapPin = icon('map-pin', mapPinNode)
export const MessageCircle = icon('message-circle', messageCircleNode)
export const MessageSquareReply = icon('message-square-reply', messageSquareReplyNode)
export const MessageSquareText = icon('message-square-text', messageSquareTextNode)
export const PackageCheck = icon('package-check', packageCheckNode)
export const PackageOpen = icon('package-open', packageOpenNode)
export const PackageSearch = icon('package-search', packageSearchNode)
export const Pause = icon('pause', pauseNode)
export const Phone = icon('phone', phoneNode)
export const Play = icon('play', playNode)
export const Plus = icon('plus', plusNode)
export const Printer = icon('printer', printerNode)
export const RefreshCcw = icon('refresh-ccw', refreshCcwNode)
export const RotateCcw = icon('rotate-ccw', rotateCcwNode)
export const Search = icon('search', searchNode)
export const ShieldCheck = icon('shield-check', shieldCheckNode)
export const Shirt = icon('shirt', shirtNode)
export const ShoppingBag = icon('shopping-bag', shoppingBagNode)
export const SlidersHorizontal = icon('sliders-horizontal', slidersHorizontalNode)
export const Tag = icon('tag', tagNode)
export const ThumbsUp = icon('thumbs-up', thumbsUpNode)
export const Trash2 = icon('trash2', trash2Node)
export const TriangleAlert = icon('triangle-alert', triangleAlertNode)
export const Truck = icon('truck', truckNode)
export const Undo2 = icon('undo2', undo2Node)
export const UserRound = icon('user-round', userRoundNode)
export const Users = icon('users', usersNode)
export const X = icon('x', xNode)
