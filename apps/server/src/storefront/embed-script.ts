// The embeddable checkout's two scripts (decision 153). EMBED_SCRIPT runs on the organiser's own site (the
// one-line snippet loads it from the storefront's /embed.js): it puts the embed's iframe after its script tag (the
// event list, or one event with data-event="slug") and sizes the frame by the frame's messages, taken only from
// the storefront's origin and that frame. frameScript runs inside the frame: it posts the page's height to the
// organisation's listed sites only (postMessage's target origin), never to '*'. Neither reads or sets a cookie.

export const EMBED_SCRIPT_PATH = '/embed.js';
export const EMBED_HEIGHT_MESSAGE = 'marquee:embed-height';

export const EMBED_SCRIPT = `(function(){
var s=document.currentScript;if(!s||!s.src)return;
var origin=new URL(s.src).origin,slug=s.getAttribute('data-event');
var f=document.createElement('iframe');
f.src=origin+(slug?'/embed/events/'+encodeURIComponent(slug):'/embed')+'?parent='+encodeURIComponent(location.origin);
f.title=s.getAttribute('data-title')||'Tickets';
f.style.cssText='display:block;width:100%;height:640px;border:0;overflow:hidden';
s.parentNode.insertBefore(f,s.nextSibling);
addEventListener('message',function(e){
  if(e.origin!==origin||e.source!==f.contentWindow)return;
  var d=e.data;if(!d||d.type!=='${EMBED_HEIGHT_MESSAGE}')return;
  var h=Number(d.height);if(!(h>0&&h<100000))return;
  f.style.height=Math.ceil(h)+'px';
  if(d.page&&f.getBoundingClientRect().top<0)f.scrollIntoView();
});
})();`;

/** The frame's script for an organisation whose listed sites are `parents` (origins, as stored). */
export function frameScript(parents: readonly string[]): string {
  return `(function(){
var parents=${JSON.stringify(parents)},w=window.parent,last=0,first=true;
if(!w||w===window||!parents.length)return;
function send(){
  var h=Math.ceil(document.documentElement.getBoundingClientRect().height);
  if(h===last)return;last=h;
  var m={type:'${EMBED_HEIGHT_MESSAGE}',height:h,page:first};first=false;
  for(var i=0;i<parents.length;i++){try{w.postMessage(m,parents[i])}catch(e){}}
}
send();addEventListener('load',send);
if(window.ResizeObserver)new ResizeObserver(send).observe(document.documentElement);else setInterval(send,500);
})();`;
}
