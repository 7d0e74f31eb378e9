import { apiApp } from '../core/crud/api-app';
import { pathsController } from '../dcim/trace.controller';
import { CircuitGroup, CircuitGroupAssignment } from './groups.models';
import { Circuit, CircuitTermination, CircuitType, Provider, ProviderAccount, ProviderNetwork } from './models';

/** The circuits application: providers, their accounts and networks, circuit types, circuits and their terminations; 4.x's circuit groups. */
export const CircuitsModule = apiApp('circuits', [Provider, ProviderAccount, ProviderNetwork, CircuitType, Circuit, CircuitTermination, CircuitGroup, CircuitGroupAssignment], {
  controllers: [pathsController(CircuitTermination)],
});
