import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let collect: (() => void) | undefined

/**
 * A full garbage collection now. V8 collects when a process allocates; one that has gone quiet
 * keeps what it last held (a web process its heap grown under load, the word vectors once
 * retired) until something allocates again. The collector is reached as jest's leak detector does.
 */
export function collectGarbage() {
  if (!collect) {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as () => void
  }
  collect()
}

/**
 * Collects once after `idleMs` without activity: `active()` on every unit of work (a request) costs
 * a timer refresh.
 */
export function collectWhenIdle(idleMs: number) {
  let timer: NodeJS.Timeout | undefined
  return {
    active() {
      if (timer) timer.refresh()
      else
        timer = setTimeout(() => {
          timer = undefined
          collectGarbage()
        }, idleMs).unref()
    },
    stop() {
      clearTimeout(timer)
      timer = undefined
    },
  }
}
