// Options for node that every launcher process gets (`npm start`, its replicas, the operator
// commands, `npm run dev`; bench/support/app.mjs starts the app with them too), as the service image
// sets them in NODE_OPTIONS (infra/docker/service.Dockerfile).
//
// --max-semi-space-size=16: V8's young generation is sized from the machine's memory (64 MB semi-spaces
// on a 24 GB machine, 128 MB of new space) and grows in steps with the allocation rate, so the app's
// RSS rose by ~30 MB whenever the load reached the next step — in the middle of a soak, not at start-up.
// 16 MB (what a 512 MiB pod gets anyway) reaches its size within the first seconds of load: RSS ~40 MB
// lower and flat, no measurable CPU cost (bench/soak.mjs; decision 0064).
export const NODE_FLAGS = ['--max-semi-space-size=16'];
