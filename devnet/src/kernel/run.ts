import type { Route } from './router.js'
import type { AnyService, ApiOf, DevnetInfoParts, ServiceContext } from './service.js'

/** What the kernel hands every service besides its options. */
export type RunSettings = {
  host: string
  mnemonic: string
  log(line: string): void
  /** A test devnet: services take a free port unless told one. */
  testPorts: boolean
}

export type StartedServices = {
  /** The services that started, in the order they did. */
  readonly started: readonly AnyService[]
  api<S extends AnyService>(service: S): ApiOf<S>
  /** Every started service's `info`, merged. */
  info(): DevnetInfoParts
  routes(): readonly Route[]
  /** Stops every service, each after the services that need it; resolves once all stopped. */
  stop(): Promise<void>
}

/**
 * Starts the services: each once everything in its `needs` has started, those with nothing
 * between them side by side. When one fails, nothing new starts, the starts under way finish,
 * everything that started is stopped (in reverse), and the first failure is thrown.
 */
export async function startServices(
  services: readonly AnyService[],
  options: object,
  settings: RunSettings,
): Promise<StartedServices> {
  checkRegistry(services)
  const apis = new Map<AnyService, unknown>()
  const stops = new Map<AnyService, () => void | Promise<void>>()
  const routesOf = new Map<AnyService, readonly Route[]>()
  const started: AnyService[] = []
  let failure: { error: unknown } | undefined

  // One list until another service adds routes, so the API server compiles its router once.
  let routeList: readonly Route[] | undefined
  const routes = () => {
    routeList ??= services.flatMap((service) => routesOf.get(service) ?? [])
    return routeList
  }
  const info = (): DevnetInfoParts =>
    Object.assign({}, ...started.map((service) => service.info?.(apis.get(service)) ?? {}))

  function contextFor(service: AnyService): ServiceContext {
    return {
      host: settings.host,
      mnemonic: settings.mnemonic,
      log: settings.log,
      port: (given, fallback) => given ?? (settings.testPorts ? 0 : fallback),
      use(need) {
        if (!service.needs.includes(need)) {
          throw new Error(`${service.name} uses ${need.name} without declaring it in needs`)
        }
        return apis.get(need) as never
      },
      routes,
      info,
    }
  }

  const starts = new Map<AnyService, Promise<void>>()
  function launch(service: AnyService): Promise<void> {
    let promise = starts.get(service)
    if (!promise) {
      promise = (async () => {
        // A failed need fails this one with the same error, without starting it.
        await Promise.all(service.needs.map(launch))
        if (failure) throw failure.error
        const context = contextFor(service)
        const running = service.start ? await service.start(context, options) : { api: undefined }
        apis.set(service, running.api)
        if (running.stop) stops.set(service, running.stop)
        started.push(service)
        if (service.routes) {
          routesOf.set(service, await service.routes(running.api, context))
          routeList = undefined
        }
      })()
      promise.catch((error: unknown) => {
        failure ??= { error }
      })
      starts.set(service, promise)
    }
    return promise
  }

  // Memoised per service, so stop() twice (or during a failed start) stops each once.
  const stopping = new Map<AnyService, Promise<void>>()
  let stopErrors: unknown[] = []
  function stopOne(service: AnyService): Promise<void> {
    let promise = stopping.get(service)
    if (!promise) {
      promise = (async () => {
        const dependants = started.filter((other) => other.needs.includes(service))
        await Promise.all(dependants.map(stopOne))
        try {
          await stops.get(service)?.()
        } catch (error) {
          stopErrors.push(error)
        }
      })()
      stopping.set(service, promise)
    }
    return promise
  }
  let stoppedAll: Promise<void> | undefined
  function stop(): Promise<void> {
    stoppedAll ??= (async () => {
      // Reverse start order, so a service and what it needs never stop side by side.
      await Promise.all([...started].reverse().map(stopOne))
      const [first] = stopErrors
      stopErrors = []
      if (first !== undefined) throw first
    })()
    return stoppedAll
  }

  await Promise.allSettled(services.map(launch))
  if (failure) {
    await stop().catch(() => undefined)
    throw failure.error
  }

  return {
    started,
    api: (service) => apis.get(service) as never,
    info,
    routes,
    stop,
  }
}

/** Every need is registered, names are unique, and `needs` has no cycle. */
function checkRegistry(services: readonly AnyService[]) {
  const names = new Set<string>()
  for (const service of services) {
    if (names.has(service.name)) throw new Error(`two services are named ${service.name}`)
    names.add(service.name)
    for (const need of service.needs) {
      if (!services.includes(need)) {
        throw new Error(`${service.name} needs ${need.name}, which is not in the registry`)
      }
    }
  }
  const done = new Set<AnyService>()
  const visit = (service: AnyService, path: AnyService[]) => {
    if (done.has(service)) return
    if (path.includes(service)) {
      const cycle = [...path.slice(path.indexOf(service)), service].map((s) => s.name)
      throw new Error(`services need each other: ${cycle.join(' → ')}`)
    }
    for (const need of service.needs) visit(need, [...path, service])
    done.add(service)
  }
  for (const service of services) visit(service, [])
}
