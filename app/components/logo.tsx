export function Logo({ size = 32 }: { size?: number }) {
  return (
    <span className="logo">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#1d4ed8" />
        <path d="M9 22V10h11v3h-7.5v1.8H19v3h-6.5V19H20v3z" fill="#fff" />
      </svg>
      <span className="logo-text">Exit Planner</span>
    </span>
  )
}
