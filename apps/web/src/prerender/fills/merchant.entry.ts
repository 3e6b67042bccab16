// The merchant page's second inline script (build/prerender.ts bundles and inlines it): see frameFill.ts.
import { merchantFill } from '@/prerender/fills/merchantFill';
import { runFrameFill } from '@/prerender/frameFill';

runFrameFill(merchantFill);
