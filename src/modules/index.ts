/**
 * The feature modules, in registration order. Each is a function of the app's dependencies that
 * returns a Fastify plugin registering its routes (and, through deps.jobHandlers, its jobs).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.js';

export type FeatureModule = (deps: AppDeps) => FastifyPluginAsync;

export const featureModules: FeatureModule[] = [];
