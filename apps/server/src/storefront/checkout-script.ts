// The storefront's script, served from our host and loaded by every page's loader once the page has loaded
// (page-loader.ts): the event page's Share button (the Web Share API where the browser has it, else the link is
// copied, and the page says so), a live countdown for a hold (a waiting-list offer's 12 hours in hours and
// minutes, the last hour in minutes and seconds), the on-sale countdown and the fan's local on-sale
// time, +/- steppers beside quantity inputs, and the event page's order total kept up to date as quantities,
// amounts and add-ons change (the same total the 'Update total' button fetches, decision 135). Everything else
// works without it.
export const CHECKOUT_SCRIPT = `(function(){
var d=document;
d.querySelectorAll('[data-share]').forEach(function(b){
  var status=d.getElementById('share-status'),url=b.getAttribute('data-url'),title=b.getAttribute('data-title'),timer;
  function say(text){if(!status)return;status.textContent=text;clearTimeout(timer);timer=setTimeout(function(){status.textContent=''},5000)}
  function fallback(){
    var i=d.createElement('textarea'),ok=false;i.value=url;i.setAttribute('readonly','');i.style.position='fixed';i.style.opacity='0';
    d.body.appendChild(i);i.select();try{ok=d.execCommand('copy')}catch(e){}d.body.removeChild(i);
    say(ok?'Link copied':'Copy this link: '+url);
  }
  function copy(){
    if(navigator.clipboard&&navigator.clipboard.writeText)navigator.clipboard.writeText(url).then(function(){say('Link copied')},fallback);
    else fallback();
  }
  b.hidden=false;
  b.addEventListener('click',function(){
    if(navigator.share)navigator.share({title:title,url:url}).catch(function(e){if(!e||e.name!=='AbortError')copy()});
    else copy();
  });
});
d.querySelectorAll('[data-countdown]').forEach(function(el){
  var end=Date.parse(el.getAttribute('data-countdown'));
  function tick(){
    var left=Math.max(0,Math.round((end-Date.now())/1000));
    var h=Math.floor(left/3600),m=Math.floor(left%3600/60),s=left%60;
    var text=left>0?'Time left: '+(h?h+' h '+m+' min':m+':'+(s<10?'0':'')+s):'Your hold has expired.';
    if(el.textContent!==text)el.textContent=text;
    if(left>0)setTimeout(tick,1000);else if(!el.dataset.done){el.dataset.done='1';setTimeout(function(){location.reload()},1500);}
  }
  tick();
});
d.querySelectorAll('[data-onsale-local]').forEach(function(el){
  try{el.textContent='That is '+new Intl.DateTimeFormat(undefined,{weekday:'short',day:'numeric',month:'short',hour:'2-digit',minute:'2-digit',timeZoneName:'short'}).format(new Date(el.getAttribute('data-onsale-local')))+' where you are.';el.hidden=false;}catch(e){}
});
d.querySelectorAll('[data-onsale-in]').forEach(function(el){
  var end=Date.now()+1000*parseInt(el.getAttribute('data-onsale-in'),10);
  function two(n){return (n<10?'0':'')+n;}
  function tick(){
    var left=Math.max(0,Math.round((end-Date.now())/1000));
    var days=Math.floor(left/86400),h=Math.floor(left%86400/3600),m=Math.floor(left%3600/60),s=left%60;
    el.textContent=left>0?('Opens in '+(days?days+'d ':'')+(days||h?h+'h ':'')+two(m)+'m '+two(s)+'s'):'On sale now. Loading the tickets\u2026';
    if(left>0)setTimeout(tick,1000);else if(!el.dataset.done){el.dataset.done='1';setTimeout(function(){location.reload()},500+Math.floor(Math.random()*1500));}
  }
  tick();
});
d.querySelectorAll('input[data-stepper]').forEach(function(input){
  var wrap=input.parentNode;
  function button(label,delta,name){
    var b=d.createElement('button');b.type='button';b.className='secondary';b.textContent=label;
    b.setAttribute('aria-label',name);
    b.addEventListener('click',function(){
      var v=parseInt(input.value||'0',10)||0,max=parseInt(input.max||'99',10);
      input.value=String(Math.min(max,Math.max(0,v+delta)));
      input.dispatchEvent(new Event('input',{bubbles:true}));
    });
    return b;
  }
  var name=(d.querySelector('label[for="'+input.id+'"]')||{}).textContent||'tickets';
  wrap.insertBefore(button('\\u2212',-1,'One fewer: '+name),input);
  wrap.appendChild(button('+',1,'One more: '+name));
});
var total=d.getElementById('order-total');
if(total&&window.fetch&&window.FormData&&window.URLSearchParams){
  var form=total.closest('form'),url=total.getAttribute('data-total'),button=total.querySelector('[data-total-button]'),wait,seq=0;
  if(button)button.hidden=true;
  function refresh(){
    var n=++seq;
    fetch(url,{method:'POST',credentials:'same-origin',headers:{'x-marquee-fragment':'total','content-type':'application/x-www-form-urlencoded'},body:new URLSearchParams(new FormData(form)).toString()})
      .then(function(r){return r.ok&&!r.redirected?r.text():null})
      .then(function(html){
        if(html===null){if(button)button.hidden=false;return;}
        if(n!==seq)return;
        var box=d.createElement('div');box.innerHTML=html;
        var next=box.querySelector('[aria-live]'),live=total.querySelector('[aria-live]');
        if(next&&live&&live.innerHTML!==next.innerHTML)live.innerHTML=next.innerHTML;
      })
      .catch(function(){if(button)button.hidden=false;});
  }
  form.addEventListener('input',function(e){
    if(/^(qty_|amount_|addon_)/.test((e.target&&e.target.name)||'')){clearTimeout(wait);wait=setTimeout(refresh,250);}
  });
}
})();`;
