/** A drawn customer-care scene (no network image): a phone, a letter and chat bubbles. */
export function ContactIllustration() {
  return (
    <svg
      viewBox="0 0 320 200"
      role="img"
      aria-label="Illustration: a letter and chat bubbles reaching our customer care desk"
      style={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <rect width="320" height="200" rx="16" fill="var(--mantine-color-grape-0)" />
      <circle cx="262" cy="44" r="26" fill="var(--mantine-color-orange-1)" />
      <circle cx="52" cy="168" r="34" fill="var(--mantine-color-grape-1)" />
      {/* letter */}
      <g transform="translate(40 52)">
        <rect
          width="120"
          height="80"
          rx="8"
          fill="#fff"
          stroke="var(--mantine-color-grape-7)"
          strokeWidth="3"
        />
        <path
          d="M4 8l56 40 56-40"
          fill="none"
          stroke="var(--mantine-color-grape-7)"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <circle cx="104" cy="64" r="8" fill="var(--mantine-color-orange-5)" />
      </g>
      {/* phone */}
      <g transform="translate(196 64)">
        <rect width="62" height="112" rx="10" fill="var(--mantine-color-grape-8)" />
        <rect x="6" y="12" width="50" height="84" rx="4" fill="#fff" />
        <circle cx="31" cy="104" r="4" fill="var(--mantine-color-grape-2)" />
        <rect x="12" y="22" width="30" height="8" rx="4" fill="var(--mantine-color-grape-2)" />
        <rect x="20" y="36" width="30" height="8" rx="4" fill="var(--mantine-color-orange-3)" />
        <rect x="12" y="50" width="26" height="8" rx="4" fill="var(--mantine-color-grape-2)" />
      </g>
      {/* chat bubbles */}
      <g>
        <path
          d="M170 30h56a10 10 0 0 1 10 10v18a10 10 0 0 1-10 10h-40l-12 10v-10h-4a10 10 0 0 1-10-10V40a10 10 0 0 1 10-10z"
          fill="var(--mantine-color-orange-5)"
        />
        <circle cx="186" cy="49" r="4" fill="#fff" />
        <circle cx="198" cy="49" r="4" fill="#fff" />
        <circle cx="210" cy="49" r="4" fill="#fff" />
      </g>
      <path
        d="M168 110c10-12 16-12 24-6"
        fill="none"
        stroke="var(--mantine-color-grape-4)"
        strokeWidth="3"
        strokeDasharray="6 6"
        strokeLinecap="round"
      />
    </svg>
  );
}
