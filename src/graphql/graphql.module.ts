import { Module } from '@nestjs/common';
import { readsOwnBody } from '../core/http/middleware';
import { GraphqlController } from './graphql.controller';
import { GraphiqlAssetsController } from './graphiql';

// The transport reads its own bodies: its spec, not the REST API's, decides how a bad one is answered.
readsOwnBody('/graphql');

@Module({ controllers: [GraphiqlAssetsController, GraphqlController] })
export class GraphqlModule {}
