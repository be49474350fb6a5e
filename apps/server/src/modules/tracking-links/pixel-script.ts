// The storefront's consent notice and the one script that loads ad pixels (decision 156), served from the
// storefront's own origin ('self' in the CSP, no inline script). The fan's choice is kept in localStorage on the
// storefront's host ('mq-consent': 'accepted' or 'declined'); nothing is loaded from Meta or Google before Accept.
// After Accept: Meta's fbevents.js (PageView) and Google's gtag.js (page_view), and on a paid order's page one
// Purchase / purchase with its value and currency, sent once per order (the sent orders are remembered).

export const CONSENT_SCRIPT_PATH = '/_storefront/consent.js';

export const META_SCRIPT_ORIGIN = 'https://connect.facebook.net';
export const GA_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

/** What the CSP of a pixel organisation's pages adds, per directive; nothing for a pixel it does not have. */
export function pixelCspSources(pixels: { metaPixelId: string | null; gaMeasurementId: string | null }) {
  const meta = pixels.metaPixelId !== null;
  const ga = pixels.gaMeasurementId !== null;
  return {
    'script-src': [...(meta ? [META_SCRIPT_ORIGIN] : []), ...(ga ? [GA_SCRIPT_ORIGIN] : [])],
    'img-src': [
      ...(meta ? ['https://www.facebook.com'] : []),
      ...(ga ? ['https://www.google-analytics.com', GA_SCRIPT_ORIGIN] : []),
    ],
    'connect-src': [
      ...(meta ? ['https://www.facebook.com', META_SCRIPT_ORIGIN] : []),
      ...(ga ? ['https://*.google-analytics.com', 'https://*.analytics.google.com', GA_SCRIPT_ORIGIN] : []),
    ],
  };
}

export const CONSENT_SCRIPT = `(function(){
var s=document.currentScript,d=document,w=window,K='mq-consent',P='mq-purchases';
var meta=s&&s.getAttribute('data-meta'),ga=s&&s.getAttribute('data-ga');
var box=d.getElementById('mq-consent');
function get(k){try{return localStorage.getItem(k)}catch(e){return null}}
function put(k,v){try{localStorage.setItem(k,v)}catch(e){}}
function add(src){var e=d.createElement('script');e.async=true;e.src=src;d.head.appendChild(e)}
function purchase(){
var p=d.getElementById('mq-purchase');if(!p)return;
var id=p.getAttribute('data-order'),value=Number(p.getAttribute('data-value')),cur=p.getAttribute('data-currency');
var sent=(get(P)||'').split(',');if(!id||sent.indexOf(id)>=0)return;
if(meta)w.fbq('track','Purchase',{value:value,currency:cur},{eventID:id});
if(ga)w.gtag('event','purchase',{transaction_id:id,value:value,currency:cur});
sent.push(id);put(P,sent.slice(-50).join(','));
}
function load(){
if(meta){var f=function(){f.callMethod?f.callMethod.apply(f,arguments):f.queue.push(arguments)};
f.push=f;f.loaded=true;f.version='2.0';f.queue=[];w.fbq=f;if(!w._fbq)w._fbq=f;
add('${META_SCRIPT_ORIGIN}/en_US/fbevents.js');w.fbq('init',meta);w.fbq('track','PageView')}
if(ga){w.dataLayer=w.dataLayer||[];w.gtag=function(){w.dataLayer.push(arguments)};
add('${GA_SCRIPT_ORIGIN}/gtag/js?id='+encodeURIComponent(ga));w.gtag('js',new Date());w.gtag('config',ga)}
purchase();
}
var choice=get(K);
if(choice==='accepted'){load();return}
if(choice==='declined'||!box)return;
box.hidden=false;
box.addEventListener('click',function(e){
var b=e.target.closest&&e.target.closest('button[data-consent]');if(!b)return;
var yes=b.getAttribute('data-consent')==='accept';put(K,yes?'accepted':'declined');box.hidden=true;
if(yes)load();
});
})();`;

const NOTICE_CSS =
  '.mq-consent{position:fixed;left:12px;right:12px;bottom:12px;z-index:1000;max-width:560px;margin:0 auto;' +
  'padding:14px 16px;border-radius:10px;background:#fff;color:#111;border:1px solid #999;' +
  'box-shadow:0 4px 18px rgba(0,0,0,.25);font:15px/1.45 system-ui,sans-serif}' +
  '.mq-consent[hidden]{display:none}.mq-consent p{margin:0 0 10px}' +
  '.mq-consent .mq-actions{display:flex;gap:8px;flex-wrap:wrap}' +
  '.mq-consent button{font:inherit;font-weight:600;padding:8px 16px;border-radius:8px;cursor:pointer;' +
  'border:1px solid #111;background:#fff;color:#111;min-height:40px}' +
  '.mq-consent button[data-consent=accept]{background:#111;color:#fff}' +
  '.mq-consent button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}' +
  '@media (prefers-color-scheme:dark){.mq-consent{background:#18181b;color:#f4f4f5;border-color:#71717a}' +
  '.mq-consent button{background:#18181b;color:#f4f4f5;border-color:#f4f4f5}' +
  '.mq-consent button[data-consent=accept]{background:#f4f4f5;color:#18181b}' +
  '.mq-consent button:focus-visible{outline-color:#60a5fa}}';

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The notice (hidden until the script finds no choice) and the script tag, placed at the end of the page's body. */
export function consentMarkup(
  pixels: { metaPixelId: string | null; gaMeasurementId: string | null },
  purchase: { orderCode: string; value: string; currency: string } | null,
): string {
  const purchaseTag = purchase
    ? `<div id="mq-purchase" hidden data-order="${attribute(purchase.orderCode)}" data-value="${attribute(purchase.value)}" data-currency="${attribute(purchase.currency)}"></div>`
    : '';
  const data = [
    pixels.metaPixelId ? ` data-meta="${attribute(pixels.metaPixelId)}"` : '',
    pixels.gaMeasurementId ? ` data-ga="${attribute(pixels.gaMeasurementId)}"` : '',
  ].join('');
  const names = [pixels.metaPixelId ? 'Meta' : null, pixels.gaMeasurementId ? 'Google' : null]
    .filter(Boolean)
    .join(' and ');
  return (
    `<style>${NOTICE_CSS}</style>` +
    '<div id="mq-consent" class="mq-consent" role="region" aria-label="Cookie consent" hidden>' +
    `<p>We would like to use cookies from ${names} to measure our advertising. They are only set if you accept.</p>` +
    '<div class="mq-actions"><button type="button" data-consent="accept">Accept</button>' +
    '<button type="button" data-consent="decline">Decline</button></div></div>' +
    purchaseTag +
    `<script src="${CONSENT_SCRIPT_PATH}"${data}></script>`
  );
}
