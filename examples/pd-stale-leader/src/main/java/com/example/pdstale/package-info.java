/**
 * tikv/pd #2657 as a shardsim scenario: PD's region cache, three TiKV stores, leader transfers,
 * and the checks P1 and P2. Registered for {@link java.util.ServiceLoader} in
 * META-INF/services/shardsim.core.scenario.Scenario.
 */
package com.example.pdstale;
