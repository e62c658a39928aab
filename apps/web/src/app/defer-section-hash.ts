/**
 * Side-effect module imported first by `main.tsx`, before the router reads the URL: a landing
 * section hash becomes navigation state (see `deferSectionHash`, decision 028). On the
 * pre-rendered landing the inline copy in `<head>` has already done it; this covers the app
 * shell served at `/` (signed-in or custom-theme visitors).
 */
import { deferSectionHash, SECTION_IDS } from '../features/marketing/lib/section-hash';

deferSectionHash(SECTION_IDS);
